// How the builds of the shell and the four remotes (tools/rspack-preset.mjs) read TypeScript, CSS,
// images and SVG, and the brotli copies a production build writes beside its files.
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib } from "node:zlib";
import path from "node:path";

/**
 * The module rules: TypeScript and TSX through SWC (Fast Refresh registrations in dev only), CSS
 * through PostCSS with the app's own Tailwind plugin, images and SVG as files of their own.
 * @param {any} tailwindPostcss  the @tailwindcss/postcss plugin
 * @param {boolean} dev
 */
export function moduleRules(tailwindPostcss, dev) {
  return [
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
      use: [{ loader: "postcss-loader", options: { postcssOptions: { plugins: [tailwindPostcss()] } } }],
    },
    { test: /\.(png|jpe?g|webp|avif|svg)$/, type: "asset/resource" },
  ];
}

const brotli = promisify(brotliCompress);

/**
 * Production builds write a brotli copy (best level) beside each script, stylesheet and SVG, so a
 * static server or CDN sends it as it is (tools/serve-static.mjs does) instead of compressing per request.
 */
export class BrotliAssetsPlugin {
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
