import { describe, expect, it } from "vitest";
import { dashboardHome, decideAccess, type Access } from "./access";

describe("decideAccess", () => {
  const cases: [Access, Parameters<typeof decideAccess>[1], ReturnType<typeof decideAccess>][] = [
    ["public", { status: "loading", role: null }, "allow"],
    ["public", { status: "signed-out", role: null }, "allow"],
    ["signed-in", { status: "loading", role: null }, "wait"],
    ["signed-in", { status: "signed-out", role: null }, "login"],
    ["signed-in", { status: "signed-in", role: null }, "allow"],
    ["signed-in", { status: "signed-in", role: "student" }, "allow"],
    ["admin", { status: "loading", role: null }, "wait"],
    ["admin", { status: "signed-out", role: null }, "login"],
    ["admin", { status: "signed-in", role: null }, "wait"],
    ["admin", { status: "signed-in", role: "admin" }, "allow"],
    ["admin", { status: "signed-in", role: "instructor" }, "forbidden"],
    ["admin", { status: "signed-in", role: "student" }, "forbidden"],
    ["instructor", { status: "signed-in", role: "instructor" }, "allow"],
    ["instructor", { status: "signed-in", role: "admin" }, "forbidden"],
    ["instructor", { status: "signed-in", role: "student" }, "forbidden"],
    ["staff", { status: "signed-out", role: null }, "login"],
    ["staff", { status: "signed-in", role: null }, "wait"],
    ["staff", { status: "signed-in", role: "instructor" }, "allow"],
    ["staff", { status: "signed-in", role: "admin" }, "allow"],
    ["staff", { status: "signed-in", role: "student" }, "forbidden"],
  ];
  it.each(cases)("%s page, session %o: %s", (access, session, expected) => {
    expect(decideAccess(access, session)).toBe(expected);
  });
});

describe("dashboardHome", () => {
  it("sends each role to its own home", () => {
    expect(dashboardHome("admin")).toBe("/dashboard/adminhome");
    expect(dashboardHome("instructor")).toBe("/dashboard/instructorhome");
    expect(dashboardHome("student")).toBe("/dashboard/userhome");
    expect(dashboardHome(null)).toBe("/dashboard/userhome");
  });
});
