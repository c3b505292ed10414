import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const APPS = ["shell", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin"];

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
          patterns: [
            {
              group: others.flatMap((other) => [other, `${other}/*`, `**/${other}`, `**/${other}/**`]),
              message:
                "Apps are deployed on their own: import only shared-auth or third-party packages across app boundaries (remotes load at runtime).",
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
);
