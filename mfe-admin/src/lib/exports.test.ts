import { describe, expect, it } from "vitest";
import { columnLabel, exportFileName, lastMonth, spanProblem } from "./exports";

describe("the office's exports", () => {
  it("asks for the 30 days up to today by default, across a month's end", () => {
    expect(lastMonth("2027-03-05")).toEqual({ from: "2027-02-04", to: "2027-03-05" });
  });

  it("refuses a span without both days or ending before it starts", () => {
    expect(spanProblem({ from: "2027-03-01", to: "2027-03-01" })).toBeNull();
    expect(spanProblem({ from: "", to: "2027-03-01" })).toBe("Choose both days.");
    expect(spanProblem({ from: "2027-03-02", to: "2027-03-01" })).toBe("The last day comes before the first.");
  });

  it("names the file as the API does and the columns in words", () => {
    expect(exportFileName("payments", { from: "2027-02-04", to: "2027-03-05" })).toBe(
      "payments-2027-02-04-to-2027-03-05.csv",
    );
    expect(columnLabel("paid_at")).toBe("Paid at");
    expect(columnLabel("email")).toBe("Email");
  });
});
