// The module federation settings of the shell and the four remotes (tools/rspack-preset.mjs): the
// shared singletons and their versions, one federation runtime per page (ADR 017), and a remote's
// standalone runtime for its own page.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { BrotliAssetsPlugin } from "./rspack-assets.mjs";

/** Federated singletons: the same list in all five builds (DESIGN section 2). */
export const SINGLETONS = [
  "react",
  "react/", // react/jsx-runtime; without the subpath entry a second React loads
  "react-dom",
  "react-dom/", // react-dom/client
  "react-router-dom",
  "@tanstack/react-query",
  "zustand",
  "axios",
];

/** The installed version of a package, as the app resolves it (package.json says "catalog:"). */
function installedVersion(appDir, name) {
  const require = createRequire(path.join(appDir, "package.json"));
  const pkgName = name.replace(/\/$/, "");
  let dir = path.dirname(require.resolve(pkgName));
  while (!dir.endsWith(path.join("node_modules", ...pkgName.split("/")))) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

/**
 * The federation runtime's core, resolved from the app's own @module-federation/enhanced, for a
 * remote's standalone page (see `standaloneRuntimeEntry`). Imported under an alias because the
 * request "@module-federation/runtime-core" itself is external in a remote's production build.
 */
function runtimeCorePath(appDir) {
  return requireFromRuntimeTools(appDir).resolve("@module-federation/runtime-core");
}

/** Resolves as the federation plugins do: from the app's @module-federation/enhanced's runtime-tools. */
function requireFromRuntimeTools(appDir) {
  const fromApp = createRequire(path.join(appDir, "package.json"));
  const fromEnhanced = createRequire(fromApp.resolve("@module-federation/enhanced"));
  return createRequire(fromEnhanced.resolve("@module-federation/runtime-tools"));
}

/**
 * One federation runtime on a federated page (ADR 017). In production the shell bundles the runtime
 * core and hands it to the remotes (`provideExternalRuntime`); a remote's remoteEntry.js and chunks
 * read it from the page (`externalRuntime`) instead of carrying a second copy. Dev builds keep a
 * runtime each, so a remote's dev page runs on its own.
 */
export function federationRuntimeOptions(host, production) {
  if (!production) return {};
  return {
    experiments: {
      ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
      // Every build runs in a browser: the runtime's Node-only script loaders are left out.
      optimization: { target: "web" },
    },
  };
}

/**
 * A remote's remoteEntry.js bundles the federation runtime's wrapper (@module-federation/runtime and
 * the webpack bundler runtime; the core itself is the page's, ADR 017). The federation plugins point
 * both at their CommonJS builds, which the bundler cannot tree-shake: unused sdk and error-code
 * modules ride along. This points them at the same packages' ES module builds, after the federation
 * plugins have set their aliases. Same code, same version; only the unused parts are left out.
 * The shell (`host`), which bundles the core as well, gets every runtime package's ES module build.
 */
export class EsmFederationRuntimePlugin {
  constructor(appDir, host = false) {
    const fromTools = requireFromRuntimeTools(appDir);
    const esm = (cjs) => {
      const file = [".js", ".mjs"].map((ext) => cjs.replace(/\.cjs$/, ext)).find((f) => f !== cjs && existsSync(f));
      if (!file) throw new Error(`no ES module build beside ${cjs}`);
      return file;
    };
    const bundlerRuntime = fromTools.resolve("@module-federation/webpack-bundler-runtime");
    this.alias = {
      [bundlerRuntime]: esm(bundlerRuntime),
      "@module-federation/runtime$": esm(fromTools.resolve("@module-federation/runtime")),
    };
    if (host) {
      // The shell bundles the core and hands its module namespace to the remotes: every module of
      // the runtime in one format, so the core is bundled once (a CommonJS require of it beside an
      // ES import brought a second copy).
      const fromApp = createRequire(path.join(appDir, "package.json"));
      const inject = createRequire(fromApp.resolve("@module-federation/enhanced")).resolve(
        "@module-federation/inject-external-runtime-core-plugin",
      );
      const core = esm(fromTools.resolve("@module-federation/runtime-core"));
      const fromCore = createRequire(core);
      Object.assign(this.alias, {
        [inject]: esm(inject),
        "@module-federation/runtime-core$": core,
        "@module-federation/runtime-tools/runtime-core$": core,
        "@module-federation/sdk$": esm(fromCore.resolve("@module-federation/sdk")),
        "@module-federation/error-codes$": esm(fromCore.resolve("@module-federation/error-codes")),
      });
    }
  }
  apply(compiler) {
    // The error codes' descriptions are developer text on every page: the codes and their docs' links stay.
    new compiler.rspack.NormalModuleReplacementPlugin(
      /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.m?js$/,
      path.join(import.meta.dirname, "federation-error-descriptions.mjs"),
    ).apply(compiler);
    compiler.hooks.afterPlugins.tap("EsmFederationRuntimePlugin", () => {
      // First: the resolver takes the first key that matches, and "@module-federation/runtime" (no $,
      // set by rspack's plugin) matches the bare request too.
      const rest = Object.entries(compiler.options.resolve.alias ?? {}).filter(([key]) => !(key in this.alias));
      compiler.options.resolve.alias = { ...this.alias, ...Object.fromEntries(rest) };
    });
  }
}

const STANDALONE_RUNTIME_FILE = "standalone-runtime.js";

/**
 * The second build of a remote in production: `standalone-runtime.js`, the federation runtime core
 * for the remote's own page, where no shell provides it. A build of its own, because the app build
 * turns every import of the runtime core into a read of the page's copy. It runs after the app
 * build, whose `output.clean` would otherwise remove it.
 */
export function standaloneRuntimeConfig(o, appConfig) {
  return {
    name: `${o.name}-standalone-runtime`,
    dependencies: [o.name],
    context: o.appDir,
    target: appConfig.target,
    mode: "production",
    devtool: false,
    entry: { "standalone-runtime": path.join(import.meta.dirname, "federation-runtime-core.mjs") },
    output: { path: appConfig.output.path, filename: STANDALONE_RUNTIME_FILE, clean: false },
    resolve: { alias: { "federation-runtime-core-bundled$": runtimeCorePath(o.appDir) } },
    plugins: [new BrotliAssetsPlugin()],
    performance: false,
    stats: "errors-warnings",
  };
}

/** The remote's own page loads standalone-runtime.js before its other scripts (deferred scripts run in order). */
export class StandaloneRuntimeTagPlugin {
  constructor(rspack) {
    this.rspack = rspack;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap("StandaloneRuntimeTagPlugin", (compilation) => {
      this.rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        "StandaloneRuntimeTagPlugin",
        async (data) => {
          const tag = { tagName: "script", voidTag: false, attributes: { defer: true, src: STANDALONE_RUNTIME_FILE } };
          data.assetTags.scripts.unshift(tag);
          return data;
        },
      );
    });
  }
}

/** tools/router-facade.mjs: what every build provides and consumes as the shared react-router-dom (ADR 017). */
const ROUTER_FACADE = path.join(import.meta.dirname, "router-facade.mjs");

/** The real react-router-dom's ES module build (it tree-shakes), as the app resolves the package. */
export function reactRouterDomModule(appDir) {
  const packageJson = createRequire(path.join(appDir, "package.json")).resolve("react-router-dom/package.json");
  const { exports } = JSON.parse(readFileSync(packageJson, "utf8"));
  return path.join(path.dirname(packageJson), exports["."].import.default);
}

export function sharedConfig(appDir) {
  const shared = Object.fromEntries(
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: `^${installedVersion(appDir, name)}` }]),
  );
  // Shared modules keep every export (any remote may use any of them): the router is shared as
  // its declarative-mode surface instead of the whole package (about 16 instead of 66 KB gzip).
  // Same package version, so builds with and without the facade still share one router.
  // The import is relative to the app (the build's context): an absolute path would be written
  // into every bundle, so the bytes would depend on where the checkout lies.
  shared["react-router-dom"] = {
    ...shared["react-router-dom"],
    import: `./${path.relative(appDir, ROUTER_FACADE).split(path.sep).join("/")}`,
    version: installedVersion(appDir, "react-router-dom"),
  };
  shared["shared-auth"] = { singleton: true, strictVersion: true, requiredVersion: "^1.0.0" };
  return shared;
}
