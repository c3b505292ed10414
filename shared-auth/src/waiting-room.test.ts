import { afterEach, describe, expect, it } from "vitest";
import { keepPass, storedPass } from "./waiting-room";

const OPENS = "2031-03-01T17:00:00.000Z";
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe("the browser's side of the waiting room", () => {
  afterEach(() => localStorage.clear());

  it("gives the pass only until it expires, by the API's clock", () => {
    keepPass({ pass: "pass.a.b", expiresAt: inAMinute(), opensAt: OPENS });
    expect(storedPass()?.pass).toBe("pass.a.b");
    keepPass({ pass: "pass.a.b", expiresAt: new Date(Date.now() - 1_000).toISOString(), opensAt: OPENS });
    expect(storedPass()).toBeNull();
    localStorage.setItem("academy.waitingRoomPass", "{not json");
    expect(storedPass()).toBeNull();
  });
});
