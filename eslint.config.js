import js from "@eslint/js";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import dialogText from "./tools/eslint-dialog-text.mjs";
import tracker from "./tools/eslint-no-issue-refs.mjs";
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

/** The import specifiers that reach into one of `apps`: by package name or by a relative path. */
const appSpecifiers = (apps) => apps.flatMap((app) => [app, `${app}/*`, `**/${app}`, `**/${app}/**`]);

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
              group: appSpecifiers(others),
              message:
                "Apps are deployed on their own: import only shared-auth or third-party packages across app boundaries (remotes load at runtime).",
            },
            {
              group: ["sweetalert2", "sweetalert2/*"],
              message: "Dialogs go through shared-auth's showDialog and confirmDelete, which show user text as text.",
            },
          ],
        },
      ],
    },
  };
}

/**
 * The API's layers (decision 029): api/src is split by domain, each folder with an index.ts that is
 * its public face, over api/src/platform (config, errors, database, ...), which knows no domain.
 * The domains are read from the folders, so a new one is held to the same rules from its first file.
 */
const API_SRC = path.join(import.meta.dirname, "api", "src");
const API_DOMAINS = readdirSync(API_SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "platform")
  .filter((entry) => existsSync(path.join(API_SRC, entry.name, "index.ts")))
  .map((entry) => entry.name)
  .sort();

/** After `<domain>/`: anything but the domain's index (`index.js`, `index.ts`, `index`, or nothing: the folder). */
const NOT_INDEX = "(?!(?:index(?:\\.[jt]s)?)?$)";

/**
 * A file outside the `domains` imports them only through their index. `prefix` (a regex) is how the
 * file's relative specifiers reach api/src: `./` from app.ts, `../` from a domain, `../src/` from api/test.
 */
function throughIndexOnly(prefix, domains) {
  return {
    regex: `${prefix}(?:${domains.join("|")})/${NOT_INDEX}`,
    message:
      "Another domain of the API is used only through its index (import `<domain>/index.js`): what else is in its folder is its own (decision 029).",
  };
}

/** One no-restricted-imports per group of api files: a second block for the same file would replace it. */
function apiLayerRule(files, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

const API_SOURCE = "{ts,tsx,js,mjs,cjs,mts,cts}";

const apiLayerRules = [
  // The platform knows no domain, nor the app that puts them together.
  apiLayerRule(
    [`api/src/platform/**/*.${API_SOURCE}`],
    [
      {
        regex: `^(?:\\.\\./)+(?:${API_DOMAINS.join("|")})(?:/|$)`,
        message:
          "api/src/platform imports no domain: a domain builds on the platform, not the other way (decision 029).",
      },
      {
        regex: "^(?:\\.\\./)+(?:app|server)(?:\\.[jt]s)?$",
        message:
          "api/src/platform imports neither app.ts nor server.ts: they put the platform and the domains together.",
      },
    ],
  ),
  // A domain's own files (and tests kept in its folder) import each other freely, others by their index.
  ...API_DOMAINS.map((domain) =>
    apiLayerRule(
      [`api/src/${domain}/**/*.${API_SOURCE}`],
      [
        throughIndexOnly(
          "^(?:\\.\\./)+",
          API_DOMAINS.filter((d) => d !== domain),
        ),
      ],
    ),
  ),
  // app.ts, server.ts: `./<domain>/index.js`.
  apiLayerRule([`api/src/*.${API_SOURCE}`], [throughIndexOnly("^\\./", API_DOMAINS)]),
  // The API's tests, benchmarks and configs: `../src/<domain>/index.js`, or its build, `../dist/<domain>/index.js`.
  apiLayerRule(
    [`api/test/**/*.${API_SOURCE}`, `api/bench/**/*.${API_SOURCE}`, `api/*.${API_SOURCE}`],
    [throughIndexOnly("^\\.\\.?/(?:\\.\\./)*(?:src|dist)/", API_DOMAINS)],
  ),
  // The browser tests and the tools: `../../api/src/<domain>/index.js` (or api/dist/).
  apiLayerRule(
    [`e2e/**/*.${API_SOURCE}`, `tools/**/*.${API_SOURCE}`],
    [throughIndexOnly("^\\.\\.?/(?:\\.\\./)*api/(?:src|dist)/", API_DOMAINS)],
  ),
];

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
    // The payment sandbox's browser scripts are classic scripts, not modules. Stripe.js and the card
    // field's script are served as one function holding their parts (tools/payment-sandbox/src/
    // browser-assets.ts): each part names what it takes from the others in a `/* global */` comment and
    // what it gives them in an `/* exported */` one, which only a script's top level has.
    files: ["tools/payment-sandbox/browser/**/*.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // A comment says the rule, or links its decision record (docs/decisions/): a reader has no
    // tracker to open. tools/check-no-issue-refs.mjs holds the files ESLint does not read.
    plugins: { tracker },
    rules: { "tracker/no-issue-refs": "error" },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...APPS.map(boundaryRule),
  {
    // shared-auth is compiled into every app and shared as one singleton: it knows none of them.
    files: ["shared-auth/**/*.{ts,tsx,js,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [routerSurface],
          patterns: [
            {
              group: appSpecifiers(APPS),
              message:
                "shared-auth is the library every app compiles in: it imports no app (an app hands it what it must call, as the shell does with setUnauthorizedHandler).",
            },
          ],
        },
      ],
    },
  },
  {
    // User text is always text: no SweetAlert2 option it renders as HTML takes anything
    // but a string literal, in every app and in shared-auth (tools/eslint-dialog-text.mjs).
    files: [...APPS, "shared-auth"].map((dir) => `${dir}/**/*.{ts,tsx,js,mjs}`),
    plugins: { "dialog-text": dialogText },
    rules: { "dialog-text/text-only": "error" },
  },
  ...apiLayerRules,
);
