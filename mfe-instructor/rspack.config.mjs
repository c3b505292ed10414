import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import tailwindPostcss from "@tailwindcss/postcss";
import { createAppConfig } from "../tools/rspack-preset.mjs";

export default createAppConfig({
  rspack,
  ModuleFederationPlugin,
  tailwindPostcss,
  appDir: import.meta.dirname,
  name: "mfe_instructor",
  port: 3003,
  role: "remote",
  // Each page is exposed on its own, so the shell loads only the page it shows.
  exposes: {
    "./InstructorHomePage": "./src/pages/instructor-home-page.tsx",
    "./AddClassPage": "./src/pages/add-class-page.tsx",
    "./MyClassesPage": "./src/pages/my-classes-page.tsx",
    "./TodayPage": "./src/pages/today-page.tsx",
  },
});
