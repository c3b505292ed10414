import { describe, expect, it } from "vitest";
import { restoreSession } from "./session";
import { academyStore, setTheme } from "./store";

describe("the academy store", () => {
  it("starts undecided, so guards wait until the shell settles the session", async () => {
    expect(academyStore.getState().status).toBe("loading");
    await restoreSession(); // no stored token: signed out, without asking the API
    expect(academyStore.getState()).toMatchObject({ status: "signed-out", user: null, role: null });
  });

  it("remembers the theme", () => {
    setTheme("dark");
    expect(academyStore.getState().theme).toBe("dark");
    expect(localStorage.getItem("academy-theme")).toBe("dark");
  });
});
