// Part of this remote's production build (decision 018): after `rspack build`, renders the pages
// listed in src/prerender/render-page.tsx to HTML fragments, dist/prerender/<ExposedName>.html, each
// with the rules it uses of the stylesheet its exposed module loads inlined. The shell's index.html paints the fragment
// before any script of the site has run, so a redeploy of this remote changes it, shell untouched.
import { rspack } from "@rspack/core";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import postcss from "postcss";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib } from "node:zlib";

const appDir = import.meta.dirname;
const outDir = process.env.APP_OUT_DIR ? path.resolve(process.env.APP_OUT_DIR) : path.join(appDir, "dist");
/**
 * Where this remote is deployed is known only in the browser (the shell's remotes.json): asset URLs
 * in a fragment start with this token, which the shell's inline script replaces with the remote's base URL.
 */
const BASE_TOKEN = "__MFE_BASE__/";

/** Compiles the page renderer for Node: the same sources and asset names as the browser build. */
async function compileRenderer(dir) {
  const compiler = rspack({
    context: appDir,
    mode: "production",
    target: "node20",
    entry: "./src/prerender/render-page.tsx",
    output: {
      path: dir,
      filename: "render-page.cjs",
      chunkFilename: "[name].cjs",
      library: { type: "commonjs2" },
      publicPath: BASE_TOKEN,
      assetModuleFilename: "assets/[name].[contenthash:8][ext]",
    },
    resolve: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
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
              transform: { react: { runtime: "automatic" } },
            },
          },
        },
        // The browser build's stylesheet is inlined from dist instead; here a CSS import is inert.
        { test: /\.css$/, type: "asset/source" },
        // Same names as the browser build (content hashes), not written again.
        { test: /\.(png|jpe?g|webp|avif|svg)$/, type: "asset/resource", generator: { emit: false } },
      ],
    },
    plugins: [new rspack.DefinePlugin({ "process.env.NODE_ENV": JSON.stringify("production") })],
    optimization: { minimize: false },
    devtool: false,
    stats: "errors-warnings",
  });
  const stats = await promisify(compiler.run.bind(compiler))();
  await promisify(compiler.close.bind(compiler))();
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  return createRequire(import.meta.url)(path.join(dir, "render-page.cjs"));
}

/** The stylesheets the browser build loads with an exposed page, concatenated. */
async function exposedStyles(manifest, name) {
  const expose = manifest.exposes.find((e) => e.name === name);
  if (!expose) throw new Error(`mf-manifest.json exposes no ${name}`);
  const sheets = await Promise.all(expose.assets.css.sync.map((file) => readFile(path.join(outDir, file), "utf8")));
  return sheets.join("\n");
}

/**
 * Only the rules the fragment can match: a rule stays unless its selector names a class that no
 * element of the fragment has (`dark` is the root's, set by the theme script). The fragment is
 * static, so nothing else could ever match; the page's full stylesheet loads with its code.
 */
function usedRules(css, html) {
  const used = new Set(["dark"]);
  // React escapes & " ' < > in attributes: `[&_.swiper-wrapper]:flex` is written `[&amp;_...`.
  const unescape = (text) =>
    text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e) => ({ amp: "&", quot: '"', lt: "<", gt: ">" })[e] ?? "'");
  for (const [, list] of html.matchAll(/class="([^"]*)"/g)) {
    for (const c of unescape(list).split(/\s+/)) used.add(c);
  }
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && rule.parent.name.endsWith("keyframes")) return;
    const matching = rule.selectors.filter((selector) =>
      [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].every(([, name]) => used.has(name.replace(/\\(.)/g, "$1"))),
    );
    if (matching.length === 0) rule.remove();
    else rule.selectors = matching;
  });
  root.walkComments((comment) => comment.remove());
  // Emptied at-rules (@media, @supports, @layer blocks) go too; `@layer a, b;` has no block and stays.
  for (let emptied = true; emptied;) {
    emptied = false;
    root.walkAtRules((rule) => {
      if (rule.nodes?.length !== 0) return;
      rule.remove();
      emptied = true;
    });
  }
  return root.toString();
}

/** Every asset a fragment names must be in this deploy, or the painted page would show broken images. */
function checkAssets(html, name) {
  for (const [, file] of html.matchAll(new RegExp(`${BASE_TOKEN}([^"' )]+)`, "g"))) {
    if (!existsSync(path.join(outDir, file))) throw new Error(`${name}: ${file} is not in ${outDir}`);
  }
}

const tmp = await mkdtemp(path.join(os.tmpdir(), "mfe-public-prerender-"));
try {
  const { PRERENDERED_PAGES, renderPage } = await compileRenderer(tmp);
  const manifest = JSON.parse(await readFile(path.join(outDir, "mf-manifest.json"), "utf8"));
  await mkdir(path.join(outDir, "prerender"), { recursive: true });
  for (const name of Object.keys(PRERENDERED_PAGES)) {
    const markup = renderPage(name);
    // The calls the page makes as it opens (ADR 025): the shell's index.html starts them with the paint.
    const calls = PRERENDERED_PAGES[name].firstCalls();
    const declared = calls.length
      ? `<script type="application/json" data-first-calls>${JSON.stringify(calls).replaceAll("<", "\\u003c")}</script>`
      : "";
    const html = `${declared}<style>${usedRules(await exposedStyles(manifest, name), markup)}</style>${markup}`;
    checkAssets(html, name);
    const file = path.join(outDir, "prerender", `${name}.html`);
    await writeFile(file, html);
    const br = await promisify(brotliCompress)(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
    await writeFile(`${file}.br`, br);
    console.log(
      `prerendered ${name}: ${(html.length / 1024).toFixed(1)} KB, ${(br.length / 1024).toFixed(1)} KB brotli`,
    );
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
