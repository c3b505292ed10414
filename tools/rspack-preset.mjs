// One build preset for the shell and the four remotes, so that the federation settings that
// must agree (the singleton list, the share strategy) are written once.
// Each app's rspack.config.mjs passes in its own copies of rspack and the plugins, so every app
// builds with the versions in its own package.json.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib } from "node:zlib";
import { createRequire } from "node:module";
import path from "node:path";

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

/** The app's own @rspack/plugin-react-refresh (a dev dependency of each app; ESM, loaded with require). */
function reactRefreshPlugin(appDir) {
  return createRequire(path.join(appDir, "package.json"))("@rspack/plugin-react-refresh").ReactRefreshRspackPlugin;
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
function federationRuntimeOptions(host, production) {
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
 */
class EsmFederationRuntimePlugin {
  constructor(appDir) {
    const fromTools = requireFromRuntimeTools(appDir);
    const esm = (cjs) => {
      const file = cjs.replace(/\.cjs$/, ".js");
      if (file === cjs || !existsSync(file)) throw new Error(`no ES module build beside ${cjs}`);
      return file;
    };
    const bundlerRuntime = fromTools.resolve("@module-federation/webpack-bundler-runtime");
    this.alias = {
      [bundlerRuntime]: esm(bundlerRuntime),
      "@module-federation/runtime$": esm(fromTools.resolve("@module-federation/runtime")),
    };
  }
  apply(compiler) {
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
function standaloneRuntimeConfig(o, appConfig) {
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
class StandaloneRuntimeTagPlugin {
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

/**
 * The scripts every page of the host runs at start, in the order found: the async boundary's chunks
 * (`import("./bootstrap")`) and, followed through each module they consume from the share scope,
 * the host's own copies of those shared modules (React, React DOM, the router, React Query,
 * zustand, shared-auth). Shared modules loaded later (axios on the first API call) and lazy chunks
 * are not among them.
 * @param {any} compilation
 * @param {string} boundary  the request of the async boundary's import
 * @returns {string[]}
 */
export function bootScripts(compilation, boundary = "./bootstrap") {
  // "consume shared module (default) react-dom@^19.3.1 (strict) (fallback: ...)" and
  // "provide shared module (default) react-dom@19.3.1 = ...": the share scope and key.
  const shareKey = (id) => /^(consume|provide) shared module \((.+?)\) (.+?)@/.exec(id ?? "");
  /** @type {Map<string, any[]>} "scope key" -> the chunks of the host's provided copy */
  const provided = new Map();
  /** @type {Map<string, any[]>} consume-shared module -> the chunks of its fallback */
  const fallbacks = new Map();
  for (const group of compilation.chunkGroups) {
    for (const origin of group.origins) {
      const id = origin.module?.identifier();
      const key = shareKey(id);
      if (key?.[1] === "provide") provided.set(`${key[2]} ${key[3]}`, group.chunks);
      if (key?.[1] === "consume") fallbacks.set(id, group.chunks);
    }
  }
  // The host registers its provided copies first: those are what a consumer gets at start.
  const loads = (id) => {
    const key = shareKey(id);
    return (key && provided.get(`${key[2]} ${key[3]}`)) ?? fallbacks.get(id) ?? [];
  };
  const start = compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === boundary));
  const queue = [...(start?.chunks ?? [])];
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const chunk = queue.shift();
    if (seen.has(chunk.id)) continue;
    seen.add(chunk.id);
    files.push(...[...chunk.files].filter((f) => f.endsWith(".js")));
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      if (fallbacks.has(module.identifier())) queue.push(...loads(module.identifier()));
    }
  }
  return files;
}

/**
 * The host's index.html preloads its start scripts (`bootScripts`): they download beside main.js
 * instead of after it has run, at low priority, so the stylesheet and a painted page's images go
 * first. Same URLs and no `crossorigin`, as the chunk loader asks for them: one download each.
 */
class BootScriptsPreloadPlugin {
  constructor(rspack) {
    this.rspack = rspack;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap("BootScriptsPreloadPlugin", (compilation) => {
      this.rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        "BootScriptsPreloadPlugin",
        async (data) => {
          const links = bootScripts(compilation).map((file) => ({
            tagName: "link",
            voidTag: true,
            attributes: { rel: "preload", as: "script", fetchpriority: "low", href: `${data.publicPath}${file}` },
          }));
          data.assetTags.scripts.push(...links);
          return data;
        },
      );
    });
  }
}

/** V8's explicit compile hint: every function of the file is compiled eagerly, off the main thread while it streams. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Production: the scripts that run whole as a page opens (the host's main.js and start scripts, a
 * remote's remoteEntry.js) carry V8's compile hint, so Chromium compiles their functions while
 * they download instead of one by one as they are first called, on the main thread (ADR 023).
 * Page chunks do not: much of their code runs only on a click. Added after minification, before
 * source maps are made.
 */
class CompileHintsPlugin {
  constructor(rspack, host) {
    this.rspack = rspack;
    this.host = host;
  }
  apply(compiler) {
    const { Compilation, sources } = this.rspack;
    compiler.hooks.compilation.tap("CompileHintsPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "CompileHintsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = new Set(["remoteEntry.js"]);
          if (this.host) {
            for (const file of compilation.entrypoints.get("main")?.getFiles() ?? []) files.add(file);
            for (const file of bootScripts(compilation)) files.add(file);
          }
          for (const file of files) {
            if (!file.endsWith(".js") || !compilation.getAsset(file)) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/** tools/router-facade.mjs: what every build provides and consumes as the shared react-router-dom (ADR 017). */
const ROUTER_FACADE = path.join(import.meta.dirname, "router-facade.mjs");

/** The real react-router-dom's ES module build (it tree-shakes), as the app resolves the package. */
function reactRouterDomModule(appDir) {
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
  shared["react-router-dom"] = {
    ...shared["react-router-dom"],
    import: ROUTER_FACADE,
    version: installedVersion(appDir, "react-router-dom"),
  };
  shared["shared-auth"] = { singleton: true, strictVersion: true, requiredVersion: "^1.0.0" };
  return shared;
}

const brotli = promisify(brotliCompress);

/**
 * Production builds write a brotli copy (best level) beside each script, stylesheet and SVG, so a
 * static server or CDN sends it as it is (tools/serve-static.mjs does) instead of compressing per request.
 */
class BrotliAssetsPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise("BrotliAssetsPlugin", async (compilation) => {
      const outDir = compilation.outputOptions.path;
      const names = Object.keys(compilation.assets).filter((n) => /\.(js|css|svg|json|html)$/.test(n));
      await Promise.all(
        names.map(async (name) => {
          const source = compilation.assets[name].buffer();
          if (source.length <= 512) return;
          const body = await brotli(source, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          await writeFile(path.join(outDir, `${name}.br`), body);
        }),
      );
    });
  }
}

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
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: "builtin:swc-loader",
            type: "javascript/auto",
            options: {
              jsc: {
                target: "es2022",
                parser: { syntax: "typescript", tsx: true },
                // refresh (dev only): the Fast Refresh registrations; the production options stay as before.
                transform: { react: { runtime: "automatic", development: dev, ...(dev ? { refresh: true } : {}) } },
              },
            },
          },
          {
            test: /\.css$/,
            type: "css/auto",
            use: [{ loader: "postcss-loader", options: { postcssOptions: { plugins: [o.tailwindPostcss()] } } }],
          },
          { test: /\.(png|jpe?g|webp|avif|svg)$/, type: "asset/resource" },
        ],
      },
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
        ...(production && !host ? [new EsmFederationRuntimePlugin(o.appDir)] : []),
        // React Fast Refresh (dev only): components re-render in place and keep their state. Its loader
        // skips node_modules, so the federation runtime and shared libraries are left as they are.
        ...(dev ? [new (reactRefreshPlugin(o.appDir))()] : [new BrotliAssetsPlugin()]),
      ],
      performance: false,
      // `rspack serve` turns lazy compilation on unless told otherwise; behind the async
      // `import("./bootstrap")` boundary it costs the shell a reload on first load and leaves a
      // remote's own page blank with a ChunkLoadError.
      ...(dev ? { lazyCompilation: false } : {}),
      devServer: {
        host: "localhost",
        port: Number(process.env.PORT ?? o.port),
        hot: true,
        historyApiFallback: true,
        headers: host ? {} : { "Access-Control-Allow-Origin": "*" },
      },
      name: o.name,
      stats: production ? "errors-warnings" : "minimal",
    };
  };
}
