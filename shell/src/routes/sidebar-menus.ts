import type { Role } from "shared-auth";
import { dashboardRoutes } from "./route-table";

export interface MenuItem {
  to: string;
  label: string;
  /** Shows the cart item count next to the label. */
  cartBadge?: boolean;
}

/**
 * A dashboard page's menu item: its route's title is its label, so the two never differ; the
 * cart's carries the count of its items.
 */
const page = (path: string): MenuItem => ({
  to: `/dashboard/${path}`,
  label: dashboardRoutes.find((r) => r.path === path)!.title,
  ...(path === "mydashboard" && { cartBadge: true }),
});

/**
 * Sidebar menus by role (spec section 2): the spec's pages, then the families' campers (decision
 * 030), waitlists, balance, forms (decision 045) and pick-up people (decision 046); staff's Today
 * (decision 046); the admin's front desk (decision 047), discounts, plans, balances and forms, and
 * the office's reports (a day's and a class's attendance, the day's medical report, exports).
 */
export function sidebarMenu(role: Role | null): { own: MenuItem[]; common: MenuItem[] } {
  const common: MenuItem[] = [
    { to: "/", label: "Home" },
    { to: "/instructors", label: "Our Instructors" },
    { to: "/classes", label: "Our Classes" },
  ];
  if (role === "admin") {
    return {
      own: [
        "adminhome",
        "manageclasses",
        "manageusers",
        // First after the spec's items: the office's everyday page.
        "front-desk",
        "discounts",
        "payment-plans",
        "balances",
        "academy-forms",
        "today",
        "attendance",
        "class-attendance",
        "medical-report",
        "exports",
      ].map(page),
      common,
    };
  }
  if (role === "instructor") {
    return {
      own: ["instructorhome", "addclass", "myclasses", "today"].map(page),
      common,
    };
  }
  return {
    own: [
      "userhome",
      "enrolledclasses",
      "paymenthistory",
      "mydashboard",
      "campers",
      "waitlists",
      "balance",
      "forms",
      "pickup",
    ].map(page),
    common,
  };
}

/**
 * The navbar and footer are hidden on any path that contains login or signup (spec section 2), and
 * on a new installation's setup page, which shares their frame.
 */
export function isChromeHidden(pathname: string): boolean {
  return /login|signup|setup$/i.test(pathname);
}
