import { describe, expect, it } from "vitest";
import { startSession } from "./session";
import { academyStore, setTheme } from "./store";

describe("the academy store", () => {
  it("starts undecided, so guards wait until the shell settles the session", async () => {
    expect(academyStore.getState().status).toBe("loading");
    localStorage.setItem("access-token", "left-over");
    await startSession(); // a deploy without Firebase config: signed out, with the reason, token removed
    expect(academyStore.getState()).toMatchObject({
      status: "signed-out",
      user: null,
      role: null,
      sessionError: "Accounts are not available on this site right now.",
    });
    expect(localStorage.getItem("access-token")).toBeNull();
  });

  it("remembers the theme", () => {
    setTheme("dark");
    expect(academyStore.getState().theme).toBe("dark");
    expect(localStorage.getItem("academy-theme")).toBe("dark");
  });
});
