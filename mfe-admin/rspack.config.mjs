import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import tailwindPostcss from "@tailwindcss/postcss";
import { createAppConfig } from "../tools/rspack-preset.mjs";

export default createAppConfig({
  rspack,
  ModuleFederationPlugin,
  tailwindPostcss,
  appDir: import.meta.dirname,
  name: "mfe_admin",
  port: 3004,
  role: "remote",
  // Each page is exposed on its own, so the shell loads only the page it shows.
  exposes: {
    "./AdminHomePage": "./src/pages/admin-home-page.tsx",
    "./ManageClassesPage": "./src/pages/manage-classes-page.tsx",
    "./ManageUsersPage": "./src/pages/manage-users-page.tsx",
    "./AllUsersPage": "./src/pages/all-users-page.tsx",
    "./DiscountsPage": "./src/pages/discounts-page.tsx",
    "./PaymentPlansPage": "./src/pages/payment-plans-page.tsx",
    "./AcademyFormsPage": "./src/pages/academy-forms-page.tsx",
    "./BalancesPage": "./src/pages/balances-page.tsx",
    "./AttendancePage": "./src/pages/attendance-page.tsx",
    "./ClassAttendancePage": "./src/pages/class-attendance-page.tsx",
    "./MedicalReportPage": "./src/pages/medical-report-page.tsx",
    "./ExportsPage": "./src/pages/exports-page.tsx",
    "./FrontDeskPage": "./src/pages/front-desk-page.tsx",
  },
});
