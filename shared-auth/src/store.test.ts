import { describe, expect, it } from "vitest";
import { academyStore, setTheme, settleSignedOut } from "./store";

describe("the academy store", () => {
  it("starts undecided, so guards wait until the shell settles the session", () => {
    expect(academyStore.getState().status).toBe("loading");
    settleSignedOut();
    expect(academyStore.getState()).toMatchObject({ status: "signed-out", user: null, role: null });
  });

  it("remembers the theme", () => {
    setTheme("dark");
    expect(academyStore.getState().theme).toBe("dark");
    expect(localStorage.getItem("academy-theme")).toBe("dark");
  });
});
