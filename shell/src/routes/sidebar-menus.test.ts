import { describe, expect, it } from "vitest";
import { dashboardRoutes } from "./route-table";
import { isChromeHidden, sidebarMenu } from "./sidebar-menus";

describe("sidebarMenu", () => {
  const labels = (role: Parameters<typeof sidebarMenu>[0]) => sidebarMenu(role).own.map((i) => i.label);

  it("gives each role the menu of the spec", () => {
    expect(labels("admin")).toEqual([
      "Admin Home",
      "Manage Classes",
      "Manage Users",
      "Front desk",
      "Discounts",
      "Payment plans",
      "Balances due",
      "Forms and waivers",
      "Today",
      "Attendance",
      "Class attendance",
      "Medical report",
      "Exports",
    ]);
    expect(labels("instructor")).toEqual(["Instructor Home", "Add a Class", "My Classes", "Today"]);
    expect(labels("student")).toEqual([
      "Student Home",
      "My Enrolled Classes",
      "Payment History",
      "My Selected Classes",
      "My Campers",
      "My Waitlists",
      "My Balance",
      "My Forms",
      "Pick-up",
    ]);
    expect(sidebarMenu("student").own.find((i) => i.cartBadge)?.to).toBe("/dashboard/mydashboard");
  });

  it("gives every role Home, Our Instructors and Our Classes", () => {
    for (const role of ["admin", "instructor", "student", null] as const) {
      expect(sidebarMenu(role).common.map((i) => i.label)).toEqual(["Home", "Our Instructors", "Our Classes"]);
    }
  });

  it("links only to dashboard pages that exist", () => {
    const paths = new Set(dashboardRoutes.map((r) => `/dashboard/${r.path}`));
    for (const role of ["admin", "instructor", "student"] as const) {
      for (const item of sidebarMenu(role).own) expect(paths).toContain(item.to);
    }
  });
});

describe("isChromeHidden", () => {
  it.each([
    ["/login", true],
    ["/signup", true],
    ["/dashboard/login-help", true],
    ["/setup", true],
    ["/setup-help", false],
    ["/", false],
    ["/classes", false],
  ])("%s: %s", (path, hidden) => {
    expect(isChromeHidden(path)).toBe(hidden);
  });
});
