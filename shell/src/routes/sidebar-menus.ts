import type { Role } from "shared-auth";

export interface MenuItem {
  to: string;
  label: string;
  /** Shows the cart item count next to the label. */
  cartBadge?: boolean;
}

/** Sidebar menus by role (spec section 2). */
export function sidebarMenu(role: Role | null): { own: MenuItem[]; common: MenuItem[] } {
  const common: MenuItem[] = [
    { to: "/", label: "Home" },
    { to: "/instructors", label: "Our Instructors" },
    { to: "/classes", label: "Our Classes" },
  ];
  if (role === "admin") {
    return {
      own: [
        { to: "/dashboard/adminhome", label: "Admin Home" },
        { to: "/dashboard/manageclasses", label: "Manage Classes" },
        { to: "/dashboard/manageusers", label: "Manage Users" },
        { to: "/dashboard/discounts", label: "Discounts" },
        { to: "/dashboard/payment-plans", label: "Payment plans" },
        { to: "/dashboard/balances", label: "Balances due" },
        { to: "/dashboard/academy-forms", label: "Forms and waivers" },
      ],
      common,
    };
  }
  if (role === "instructor") {
    return {
      own: [
        { to: "/dashboard/instructorhome", label: "Instructor Home" },
        { to: "/dashboard/addclass", label: "Add a Class" },
        { to: "/dashboard/myclasses", label: "My Classes" },
      ],
      common,
    };
  }
  return {
    own: [
      { to: "/dashboard/userhome", label: "Student Home" },
      { to: "/dashboard/enrolledclasses", label: "My Enrolled Classes" },
      { to: "/dashboard/paymenthistory", label: "Payment History" },
      { to: "/dashboard/mydashboard", label: "My Selected Classes", cartBadge: true },
      // Families' campers (decision 030), after the spec's four.
      { to: "/dashboard/campers", label: "My Campers" },
      { to: "/dashboard/waitlists", label: "My Waitlists" },
      { to: "/dashboard/balance", label: "My Balance" },
      // Waivers and forms each camper needs before the first day (decision 045).
      { to: "/dashboard/forms", label: "My Forms" },
    ],
    common,
  };
}

/** The navbar and footer are hidden on any path that contains login or signup (spec section 2). */
export function isChromeHidden(pathname: string): boolean {
  return /login|signup/i.test(pathname);
}
