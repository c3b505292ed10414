import { afterEach, describe, expect, it } from "vitest";
import { learnServerTime, serverNow } from "./server-clock";

const at = (iso: string) => Date.parse(iso);

describe("the API's clock as the browser learns it", () => {
  afterEach(() => learnServerTime(new Date(Date.now()).toUTCString(), Date.now() + 500));

  it("follows an API whose clock is years ahead of the device's, never ahead of it, within a second", () => {
    const received = Date.now();
    // The API's instant was somewhere in 10:00:00.000-10:00:00.999 when it answered.
    learnServerTime(new Date(at("2031-03-01T10:00:00Z")).toUTCString(), received);
    const api = at("2031-03-01T10:00:00.999Z") + (Date.now() - received);
    expect(serverNow()).toBeLessThanOrEqual(api);
    expect(api - serverNow()).toBeLessThan(1_000);
  });

  it("keeps a device clock that is right (whole-second headers are noise), and ignores what is not a date", () => {
    const device = Date.now();
    learnServerTime(new Date(device - 400).toUTCString(), device);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    learnServerTime("not a date");
    learnServerTime(undefined);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });

  it("follows a device clock that is five minutes slow, and back", () => {
    const received = Date.now();
    learnServerTime(new Date(received + 300_000).toUTCString(), received);
    expect(serverNow() - Date.now()).toBeGreaterThan(298_000);
    learnServerTime(new Date(Date.now()).toUTCString());
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(1_000);
  });
});
