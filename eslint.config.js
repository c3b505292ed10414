import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import dialogText from "./tools/eslint-dialog-text.mjs";
import { ROUTER_EXPORTS } from "./tools/router-surface.mjs";

const APPS = ["shell", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin"];

/**
 * The shared react-router-dom is tree-shaken to react-router's declarative mode (ADR 017): any
 * other name would be missing at runtime, so importing one fails the lint instead.
 */
const routerSurface = {
  name: "react-router-dom",
  allowImportNames: ROUTER_EXPORTS,
  message:
    "The federated react-router-dom provides only the declarative-mode API of tools/router-surface.mjs (ADR 017).",
};

/**
 * App boundaries: an app never imports another app (a remote the shell or another remote, the
 * shell a remote). Only shared-auth and third-party packages cross; remotes load at runtime.
 */
function boundaryRule(app) {
  const others = APPS.filter((a) => a !== app);
  return {
    files: [`${app}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [routerSurface],
          patterns: [
            {
              group: others.flatMap((other) => [other, `${other}/*`, `**/${other}`, `**/${other}/**`]),
              message:
                "Apps are deployed on their own: import only shared-auth or third-party packages across app boundaries (remotes load at runtime).",
            },
            {
              group: ["sweetalert2", "sweetalert2/*"],
              message:
                "Dialogs go through shared-auth's showDialog and confirmDelete, which show user text as text (issue 27).",
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      ".tmp/**",
      ".data/**",
      "**/test-results/**",
      "**/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...APPS.map(boundaryRule),
  {
    files: ["shared-auth/**/*.{ts,tsx,js,mjs}"],
    rules: { "no-restricted-imports": ["error", { paths: [routerSurface] }] },
  },
  {
    // User text is always text (issue 27): no SweetAlert2 option it renders as HTML takes anything
    // but a string literal, in every app and in shared-auth (tools/eslint-dialog-text.mjs).
    files: [...APPS, "shared-auth"].map((dir) => `${dir}/**/*.{ts,tsx,js,mjs}`),
    plugins: { "dialog-text": dialogText },
    rules: { "dialog-text/text-only": "error" },
  },
);
