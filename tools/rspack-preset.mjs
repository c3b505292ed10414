// One build preset for the shell and the four remotes, so that the federation settings that
// must agree (the singleton list, the share strategy) are written once.
// Each app's rspack.config.mjs passes in its own copies of rspack and the plugins, so every app
// builds with the versions in its own package.json.
// Its parts: tools/rspack-federation.mjs (shared modules, federation runtime), tools/rspack-assets.mjs
// (module rules, brotli copies), tools/rspack-boot-scripts.mjs (start scripts preloaded, compile
// hints) and tools/rspack-dev-server.mjs (dev server, Fast Refresh).
import path from "node:path";
import { BrotliAssetsPlugin, moduleRules } from "./rspack-assets.mjs";
import { BootScriptsPreloadPlugin, CompileHintsPlugin } from "./rspack-boot-scripts.mjs";
import { devServer, reactRefreshPlugin } from "./rspack-dev-server.mjs";
import { StableModuleIdsPlugin } from "./rspack-stable-ids.mjs";
import {
  EsmFederationRuntimePlugin,
  federationRuntimeOptions,
  reactRouterDomModule,
  sharedConfig,
  standaloneRuntimeConfig,
  StandaloneRuntimeTagPlugin,
} from "./rspack-federation.mjs";

export { bootScripts } from "./rspack-boot-scripts.mjs";
export { SINGLETONS, sharedConfig } from "./rspack-federation.mjs";

/**
 * @param {object} o
 * @param {typeof import("@rspack/core").rspack} o.rspack
 * @param {any} o.ModuleFederationPlugin
 * @param {any} o.tailwindPostcss  the @tailwindcss/postcss plugin
 * @param {string} o.appDir
 * @param {string} o.name          federation name (a JS identifier)
 * @param {number} o.port          default dev/serve port
 * @param {"host"|"remote"} o.role
 * @param {Record<string,string>} [o.exposes]
 * @param {string[]} [o.runtimePlugins]
 */
export function createAppConfig(o) {
  const appConfig = appConfigFactory(o);
  return (env, argv) => {
    const config = appConfig(env, argv);
    // A remote's production build also writes the small runtime its own page needs (ADR 017).
    if (argv.mode !== "production" || o.role === "host") return config;
    return [config, standaloneRuntimeConfig(o, config)];
  };
}

function appConfigFactory(o) {
  return (_env, argv) => {
    const production = argv.mode === "production";
    const host = o.role === "host";
    const hashed = production ? ".[contenthash:8]" : "";
    const dev = !production;
    const outDir = process.env.APP_OUT_DIR ? path.resolve(process.env.APP_OUT_DIR) : path.join(o.appDir, "dist");
    return {
      context: o.appDir,
      // Every browser the site supports runs ES2022 natively: no down-levelled classes, async or
      // optional chaining in the bundles (smaller and faster to parse than the ES5 default).
      target: ["web", "es2022"],
      mode: production ? "production" : "development",
      devtool: production ? "source-map" : "cheap-module-source-map",
      // In dev the shell first installs a React DevTools-like hook that records renderers, so a remote's
      // own Fast Refresh runtime, which starts only when its remoteEntry loads, still finds the
      // shared react-dom (ADR 007).
      entry: { main: host && dev ? ["./src/dev/react-refresh-hook.ts", "./src/index.ts"] : "./src/index.ts" },
      output: {
        path: outDir,
        publicPath: host ? "/" : "auto",
        uniqueName: o.name,
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        cssFilename: `[name]${hashed}.css`,
        cssChunkFilename: `[name]${hashed}.css`,
        assetModuleFilename: "assets/[name].[contenthash:8][ext]",
        clean: true,
      },
      resolve: {
        extensions: [".ts", ".tsx", ".js", ".mjs"],
        // The real package behind tools/router-facade.mjs ("react-router-dom" is the shared module).
        alias: { "react-router-dom-full$": reactRouterDomModule(o.appDir) },
      },
      module: { rules: moduleRules(o.tailwindPostcss, dev) },
      plugins: [
        // A remote's own page in dev gets only its app entry: remoteEntry.js as well would start a
        // second hot-update runtime for the same chunks, and edits would fail to apply.
        new o.rspack.HtmlRspackPlugin({ template: "./index.html", ...(dev && !host ? { chunks: ["main"] } : {}) }),
        ...(production && !host ? [new StandaloneRuntimeTagPlugin(o.rspack)] : []),
        ...(production && host ? [new BootScriptsPreloadPlugin(o.rspack)] : []),
        ...(production ? [new CompileHintsPlugin(o.rspack, host)] : []),
        new o.rspack.DefinePlugin({
          "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
        }),
        new o.ModuleFederationPlugin({
          name: o.name,
          filename: "remoteEntry.js",
          exposes: o.exposes ?? {},
          shared: sharedConfig(o.appDir),
          // 'version-first' would fetch every remote entry at start: one remote down would stall the site.
          shareStrategy: "loaded-first",
          runtimePlugins: o.runtimePlugins ?? [],
          manifest: true,
          dts: false,
          ...federationRuntimeOptions(host, production),
        }),
        ...(production ? [new EsmFederationRuntimePlugin(o.appDir, host), new StableModuleIdsPlugin(o.appDir)] : []),
        // React Fast Refresh (dev only): components re-render in place and keep their state. Its loader
        // skips node_modules, so the federation runtime and shared libraries are left as they are.
        ...(dev ? [new (reactRefreshPlugin(o.appDir))()] : [new BrotliAssetsPlugin()]),
      ],
      performance: false,
      // `rspack serve` turns lazy compilation on unless told otherwise; behind the async
      // `import("./bootstrap")` boundary it costs the shell a reload on first load and leaves a
      // remote's own page blank with a ChunkLoadError.
      ...(dev ? { lazyCompilation: false } : {}),
      devServer: devServer(o.port, host),
      name: o.name,
      stats: production ? "errors-warnings" : "minimal",
    };
  };
}
