import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import tailwindPostcss from "@tailwindcss/postcss";
import path from "node:path";
import { createAppConfig } from "../tools/rspack-preset.mjs";

const base = createAppConfig({
  rspack,
  ModuleFederationPlugin,
  tailwindPostcss,
  appDir: import.meta.dirname,
  name: "shell",
  port: 3000,
  role: "host",
  // No remotes here: where they live is read from remotes.json at start.
  runtimePlugins: [
    path.join(import.meta.dirname, "src/federation/retry-plugin.ts"),
    path.join(import.meta.dirname, "src/federation/fallback-plugin.ts"),
  ],
});

export default (env, argv) => {
  const config = base(env, argv);
  // Default remotes.json / env.json for a local run; each environment deploys its own.
  config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: "public", to: "." }] }));
  return config;
};
