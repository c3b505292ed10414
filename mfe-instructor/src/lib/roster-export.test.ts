import { describe, expect, it } from "vitest";
import { attendanceFileName } from "./roster-export";

describe("the class's attendance CSV", () => {
  it("is named as the API names it", () => {
    expect(attendanceFileName("Soccer: Juniors (AM)")).toBe("attendance-soccer-juniors-am.csv");
    expect(attendanceFileName("¡!")).toBe("attendance-class.csv");
  });
});
