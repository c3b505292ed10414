import { describe, expect, it } from "vitest";
import { readWaitingRoom } from "../platform/config/waiting-room.js";
import { admitMore, DEFAULT_PACING, nextRate, waitFor } from "./pacing.js";

const middling = { pressure: 0.7, refused: 0 };
const loaded = { pressure: 0.9, refused: 0 };
const refusing = { pressure: 0.3, refused: 4 };

const idle = { pressure: 0.2, refused: 0 };
const easy = { pressure: 0.4, refused: 0 };

describe("the waiting room's pace", () => {
  it("grows by half each pass while every process is idle: hundreds let in within ten seconds of a quiet opening", () => {
    expect(nextRate(4, [idle, idle], DEFAULT_PACING)).toBe(6);
    let rate = DEFAULT_PACING.startRate;
    let letIn = 0;
    for (let second = 0; second < 10; second += 1) {
      letIn += rate;
      rate = nextRate(rate, [idle], DEFAULT_PACING);
    }
    expect(letIn).toBeGreaterThan(400);
    // After a cut by a passing crowd, back within seconds once the processes are idle again.
    expect(
      nextRate(nextRate(nextRate(3, [idle], DEFAULT_PACING), [idle], DEFAULT_PACING), [idle], DEFAULT_PACING),
    ).toBeGreaterThan(10);
  });

  it("lets a tenth more in each pass (one family a second at the least) while every process is easy, up to its most", () => {
    expect(nextRate(4, [easy, idle], DEFAULT_PACING)).toBe(5);
    expect(nextRate(40, [easy, idle], DEFAULT_PACING)).toBe(44);
    let rate = DEFAULT_PACING.startRate;
    for (let pass = 0; pass < 500; pass += 1) rate = nextRate(rate, [easy], DEFAULT_PACING);
    expect(rate).toBe(DEFAULT_PACING.maxRate);
  });

  it("cuts by a quarter when any process is loaded or refused anybody, down to its least", () => {
    expect(nextRate(20, [idle, loaded], DEFAULT_PACING)).toBe(15);
    expect(nextRate(20, [refusing, idle], DEFAULT_PACING)).toBe(15);
    // Not twice before the first cut can show: the families let in load the processes seconds later.
    expect(nextRate(20, [loaded], DEFAULT_PACING, DEFAULT_PACING.cutSpacingMs - 1)).toBe(20);
    expect(nextRate(20, [loaded], DEFAULT_PACING, DEFAULT_PACING.cutSpacingMs)).toBe(15);
    let rate = 20;
    for (let pass = 0; pass < 100; pass += 1) rate = nextRate(rate, [loaded], DEFAULT_PACING);
    expect(rate).toBe(DEFAULT_PACING.minRate);
  });

  it("holds between the two marks, and when no process has said anything", () => {
    expect(nextRate(12, [idle, middling], DEFAULT_PACING)).toBe(12);
    expect(nextRate(12, [], DEFAULT_PACING)).toBe(12);
  });

  it("settles near what the processes serve: a capacity found, then followed when it halves", () => {
    // A stand-in for the API: load grows with the families let in per second.
    const pressureAt = (rate: number, capacity: number) => rate / capacity;
    let rate = DEFAULT_PACING.startRate;
    const seen: number[] = [];
    for (let pass = 0; pass < 120; pass += 1) {
      rate = nextRate(rate, [{ pressure: pressureAt(rate, 40), refused: 0 }], DEFAULT_PACING);
      if (pass >= 60) seen.push(rate);
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(40 * 0.6 * DEFAULT_PACING.backOff);
    expect(Math.max(...seen)).toBeLessThan(40 * 0.85 + DEFAULT_PACING.step);
    for (let pass = 0; pass < 30; pass += 1)
      rate = nextRate(rate, [{ pressure: pressureAt(rate, 20), refused: 0 }], DEFAULT_PACING);
    expect(rate).toBeLessThan(20 * 0.85 + DEFAULT_PACING.step);
  });

  it("lets places in at the rate, never past the last place given", () => {
    expect(admitMore({ lastPlace: 100, admitted: 10 }, 4, 0.5)).toBe(12);
    expect(admitMore({ lastPlace: 11, admitted: 10 }, 4, 2)).toBe(11);
    expect(admitMore({ lastPlace: 100, admitted: 10 }, 4, -3)).toBe(10);
  });

  it("tells a family how many are ahead and about how long, the opening's wait included", () => {
    const opensAt = 1_000_000;
    const room = { lastPlace: 400, admitted: 100.5, ratePerSecond: 10, opensAt };
    expect(waitFor(312, room, opensAt + 1)).toEqual({ ahead: 211, seconds: 22 });
    expect(waitFor(101, room, opensAt)).toEqual({ ahead: 0, seconds: 1 });
    expect(waitFor(100, room, opensAt)).toEqual({ ahead: 0, seconds: 0 });
    expect(waitFor(1, { ...room, admitted: 0 }, opensAt - 60_000)).toEqual({ ahead: 0, seconds: 61 });
  });
});

describe("the waiting room's settings", () => {
  it("are off by default, and read from the environment with their checks", () => {
    expect(readWaitingRoom({})).toMatchObject({ leadMinutes: 0, windowMinutes: 30, quietSeconds: 120 });
    const set = readWaitingRoom({ WAITING_ROOM_LEAD_MINUTES: "15", WAITING_ROOM_START_RATE: "0.1" });
    expect(set.leadMinutes).toBe(15);
    expect(set.pacing.startRate).toBe(0.1);
    expect(() => readWaitingRoom({ WAITING_ROOM_START_RATE: "0" })).toThrow(
      /WAITING_ROOM_START_RATE must be a positive number/,
    );
    expect(() => readWaitingRoom({ WAITING_ROOM_LEAD_MINUTES: "-5" })).toThrow(/WAITING_ROOM_LEAD_MINUTES/);
    expect(() => readWaitingRoom({ WAITING_ROOM_WINDOW_MINUTES: "0" })).toThrow(/WAITING_ROOM_WINDOW_MINUTES/);
  });
});
