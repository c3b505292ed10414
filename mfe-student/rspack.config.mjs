import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import tailwindPostcss from "@tailwindcss/postcss";
import { createAppConfig } from "../tools/rspack-preset.mjs";

export default createAppConfig({
  rspack,
  ModuleFederationPlugin,
  tailwindPostcss,
  appDir: import.meta.dirname,
  name: "mfe_student",
  port: 3002,
  role: "remote",
  // Each page is exposed on its own, so the shell loads only the page it shows.
  exposes: {
    "./UserHomePage": "./src/pages/user-home-page.tsx",
    "./MyCartPage": "./src/pages/my-cart-page.tsx",
    "./PaymentPage": "./src/pages/payment-page.tsx",
    "./SinglePaymentPage": "./src/pages/single-payment-page.tsx",
    "./PaymentHistoryPage": "./src/pages/payment-history-page.tsx",
    "./EnrolledClassesPage": "./src/pages/enrolled-classes-page.tsx",
    "./MyCampersPage": "./src/pages/my-campers-page.tsx",
    "./MyWaitlistsPage": "./src/pages/my-waitlists-page.tsx",
    "./BalancePage": "./src/pages/balance-page.tsx",
    "./MyFormsPage": "./src/pages/my-forms-page.tsx",
    "./PickupPage": "./src/pages/pickup-page.tsx",
  },
});
