// No import cycles anywhere in the repository (decision 029): `npm run check:cycles`, a step of `npm test`.
// It cruises the whole work tree (every app, shared-auth, api/src, api/test, api/bench, e2e, tools and
// the payment sandbox's source), resolves NodeNext ".js" specifiers to their .ts files, and counts
// type-only imports too: a cycle of types is still a cycle. tools/cycles.test.mjs plants each kind of
// type-only cycle and checks that this configuration fails it.

/** Never sources: installed packages, build output and what runs leave behind (as in .gitignore). */
const NOT_SOURCE = "(^|/)(node_modules|dist|\\.git|\\.tmp|\\.data|test-results|playwright-report|coverage)(/|$)";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module reaches itself through its imports: move what both sides need into a module of its own, " +
        "or make one side stop importing the other.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    exclude: { path: NOT_SOURCE },
    // Type-only imports (`import type`, `import { type X }`, `export type ... from`, `typeof import()`)
    // are dependencies too.
    tsPreCompilationDeps: true,
    // And so are the types a .mjs or .js file names in JSDoc (`@import`, `{import("./x.mjs").X}`).
    detectJSDocImports: true,
    // Workspace packages (shared-auth, payment-sandbox) resolve through their pnpm symlinks to
    // their real folders, so a cycle across packages is found as well.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["types", "import", "require", "node", "default"],
      mainFields: ["types", "module", "main"],
    },
  },
};
