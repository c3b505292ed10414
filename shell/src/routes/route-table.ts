import type { RemoteName } from "../federation/remotes";
import type { Access } from "./access";

/**
 * Every page the site has, and which remote renders it. The shell owns the paths and the access
 * rules; each remote owns what its pages show and exposes them as `./<Module>`.
 */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  exposed: string;
  access: Access;
  title: string;
  /**
   * False for a page that renders without the page's QueryClient: its parts that ask for data
   * bring their own (`QueryProvider` of shared-auth/queries), so its first paint does without the
   * queries' library. Every other page is rendered under one.
   */
  queries?: false;
  /**
   * The API paths (GET, no query) the page asks for as it opens: the shell asks for them with the
   * stored session before the page's code has loaded (ADR 022), for the role whose page it is.
   */
  first?: string[];
}

export const siteRoutes: RemoteRoute[] = [
  { path: "/", remote: "mfe_public", exposed: "HomePage", access: "public", title: "Home", queries: false },
  { path: "/instructors", remote: "mfe_public", exposed: "InstructorsPage", access: "public", title: "Instructors" },
  {
    path: "/instructors/:instructorId",
    remote: "mfe_public",
    exposed: "InstructorClassesPage",
    access: "public",
    title: "Instructor's classes",
  },
  { path: "/classes", remote: "mfe_public", exposed: "ClassesPage", access: "public", title: "Classes" },
  { path: "/classes/:classId", remote: "mfe_public", exposed: "ClassPage", access: "public", title: "Class" },
  { path: "/contact", remote: "mfe_public", exposed: "ContactPage", access: "public", title: "Contact" },
  { path: "/info/:slug", remote: "mfe_public", exposed: "InfoPage", access: "public", title: "Information" },
];

/** Paths under /dashboard (spec section 2, "Dashboard routes"). */
export const dashboardRoutes: RemoteRoute[] = [
  { path: "userhome", remote: "mfe_student", exposed: "UserHomePage", access: "signed-in", title: "Student Home" },
  {
    path: "mydashboard",
    remote: "mfe_student",
    exposed: "MyCartPage",
    access: "signed-in",
    title: "My Selected Classes",
  },
  { path: "payment", remote: "mfe_student", exposed: "PaymentPage", access: "signed-in", title: "Payment" },
  {
    // The cart's Pay links to /dashboard/singlepayment?item=<cartItemId>; the page reads either form.
    path: "singlepayment",
    remote: "mfe_student",
    exposed: "SinglePaymentPage",
    access: "signed-in",
    title: "Payment",
  },
  {
    path: "singlepayment/:cartItemId",
    remote: "mfe_student",
    exposed: "SinglePaymentPage",
    access: "signed-in",
    title: "Payment",
  },
  {
    path: "paymenthistory",
    remote: "mfe_student",
    exposed: "PaymentHistoryPage",
    access: "signed-in",
    title: "Payment History",
  },
  {
    path: "enrolledclasses",
    remote: "mfe_student",
    exposed: "EnrolledClassesPage",
    access: "signed-in",
    title: "My Enrolled Classes",
  },
  // The family's campers, whose seat each booking is (decision 030).
  { path: "campers", remote: "mfe_student", exposed: "MyCampersPage", access: "signed-in", title: "My Campers" },
  // The family's places in full classes' lines, and the seats offered to it (decision 031).
  {
    path: "waitlists",
    remote: "mfe_student",
    exposed: "MyWaitlistsPage",
    access: "signed-in",
    title: "My Waitlists",
  },
  // What the family still owes on its payment plans (decision 040).
  {
    path: "balance",
    remote: "mfe_student",
    exposed: "BalancePage",
    access: "signed-in",
    title: "My Balance",
    first: ["/balance", "/balance/orders"],
  },
  // The waivers and forms each camper needs before the first day (decision 045).
  {
    path: "forms",
    remote: "mfe_student",
    exposed: "MyFormsPage",
    access: "signed-in",
    title: "My Forms",
    first: ["/forms"],
  },
  // Who may collect each camper at the end of the day, each with a PIN (decision 046).
  {
    path: "pickup",
    remote: "mfe_student",
    exposed: "PickupPage",
    access: "signed-in",
    title: "Pick-up",
    first: ["/pickup"],
  },
  {
    path: "instructorhome",
    remote: "mfe_instructor",
    exposed: "InstructorHomePage",
    access: "instructor",
    title: "Instructor Home",
  },
  { path: "addclass", remote: "mfe_instructor", exposed: "AddClassPage", access: "instructor", title: "Add a Class" },
  { path: "myclasses", remote: "mfe_instructor", exposed: "MyClassesPage", access: "signed-in", title: "My Classes" },
  // The classes that meet today, for their coach or any admin: check-in and check-out (decision 046).
  { path: "today", remote: "mfe_instructor", exposed: "TodayPage", access: "staff", title: "Today", first: ["/today"] },
  { path: "adminhome", remote: "mfe_admin", exposed: "AdminHomePage", access: "admin", title: "Admin Home" },
  {
    path: "manageclasses",
    remote: "mfe_admin",
    exposed: "ManageClassesPage",
    access: "admin",
    title: "Manage Classes",
  },
  { path: "manageusers", remote: "mfe_admin", exposed: "ManageUsersPage", access: "admin", title: "Manage Users" },
  { path: "allusers", remote: "mfe_admin", exposed: "AllUsersPage", access: "admin", title: "All Users" },
  // The office books for a family it registered or found, and records money received at the desk (decision 047).
  { path: "front-desk", remote: "mfe_admin", exposed: "FrontDeskPage", access: "admin", title: "Front desk" },
  { path: "discounts", remote: "mfe_admin", exposed: "DiscountsPage", access: "admin", title: "Discounts" },
  // Decision 040: the plans families may choose at checkout instead of paying in full.
  {
    path: "payment-plans",
    remote: "mfe_admin",
    exposed: "PaymentPlansPage",
    access: "admin",
    title: "Payment plans",
  },
  // What families still owe on their plans, and the office's changes to one charge or plan.
  {
    path: "balances",
    remote: "mfe_admin",
    exposed: "BalancesPage",
    access: "admin",
    title: "Balances due",
  },
  // A day's attendance across every class, with its CSV (decision 046).
  { path: "attendance", remote: "mfe_admin", exposed: "AttendancePage", access: "admin", title: "Attendance" },
  // A class's attendance over its session, with its CSV (decision 046).
  {
    path: "class-attendance",
    remote: "mfe_admin",
    exposed: "ClassAttendancePage",
    access: "admin",
    title: "Class attendance",
  },
  // A day's allergy and medical report, each camper's read recorded (decision 046).
  {
    path: "medical-report",
    remote: "mfe_admin",
    exposed: "MedicalReportPage",
    access: "admin",
    title: "Medical report",
  },
  // The office's enrolments, payments and refunds of a span of days, with their CSVs.
  { path: "exports", remote: "mfe_admin", exposed: "ExportsPage", access: "admin", title: "Exports" },
  // The forms and waivers the academy asks for, built and published by version (decision 045).
  {
    path: "academy-forms",
    remote: "mfe_admin",
    exposed: "AcademyFormsPage",
    access: "admin",
    title: "Forms and waivers",
  },
];
