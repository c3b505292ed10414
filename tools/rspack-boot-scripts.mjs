// What a page runs as it opens, in production builds (tools/rspack-preset.mjs): the host's start
// scripts preloaded (ADR 023) and V8's compile hint on the scripts that run whole at start.

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
export class BootScriptsPreloadPlugin {
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
export class CompileHintsPlugin {
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
