import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import tailwindPostcss from "@tailwindcss/postcss";
import { createAppConfig } from "../tools/rspack-preset.mjs";

export default createAppConfig({
  rspack,
  ModuleFederationPlugin,
  tailwindPostcss,
  appDir: import.meta.dirname,
  name: "mfe_public",
  port: 3001,
  role: "remote",
  // Each page is exposed on its own, so the shell loads only the page it shows.
  exposes: {
    "./HomePage": "./src/pages/home-page.tsx",
    "./InstructorsPage": "./src/pages/instructors-page.tsx",
    "./InstructorClassesPage": "./src/pages/instructor-classes-page.tsx",
    "./ClassesPage": "./src/pages/classes-page.tsx",
    "./ClassPage": "./src/pages/class-page.tsx",
    "./ContactPage": "./src/pages/contact-page.tsx",
    "./InfoPage": "./src/pages/info-page.tsx",
  },
});
