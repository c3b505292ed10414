// This remote opened on its own (its team's dev server). The shell never loads this file.
import { mountStandalone } from "shared-auth/standalone";
import AdminHomePage from "./pages/admin-home-page";
import ManageClassesPage from "./pages/manage-classes-page";
import ManageUsersPage from "./pages/manage-users-page";
import AllUsersPage from "./pages/all-users-page";
import DiscountsPage from "./pages/discounts-page";
import PaymentPlansPage from "./pages/payment-plans-page";
import AcademyFormsPage from "./pages/academy-forms-page";
import BalancesPage from "./pages/balances-page";
import AttendancePage from "./pages/attendance-page";
import ClassAttendancePage from "./pages/class-attendance-page";
import MedicalReportPage from "./pages/medical-report-page";
import ExportsPage from "./pages/exports-page";
import FrontDeskPage from "./pages/front-desk-page";

// The standalone page needs the reset the shell provides in the site; production builds never ship it.
if (process.env.NODE_ENV !== "production") void import("./standalone.css");

mountStandalone("Admin area", {
  AdminHomePage,
  ManageClassesPage,
  ManageUsersPage,
  AllUsersPage,
  DiscountsPage,
  PaymentPlansPage,
  AcademyFormsPage,
  BalancesPage,
  AttendancePage,
  ClassAttendancePage,
  MedicalReportPage,
  ExportsPage,
  FrontDeskPage,
});
