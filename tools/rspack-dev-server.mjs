// The dev builds of the shell and the four remotes (tools/rspack-preset.mjs): the dev server and
// React Fast Refresh (ADR 007).
import { createRequire } from "node:module";
import path from "node:path";

/** The app's own @rspack/plugin-react-refresh (a dev dependency of each app; ESM, loaded with require). */
export function reactRefreshPlugin(appDir) {
  return createRequire(path.join(appDir, "package.json"))("@rspack/plugin-react-refresh").ReactRefreshRspackPlugin;
}

/**
 * `rspack serve`: the app's port (PORT or its default), hot updates, every path answered with
 * index.html, and a remote's files readable from the shell's origin.
 * @param {number} port  the app's default port
 * @param {boolean} host  the shell
 */
export function devServer(port, host) {
  return {
    host: "localhost",
    port: Number(process.env.PORT ?? port),
    hot: true,
    historyApiFallback: true,
    headers: host ? {} : { "Access-Control-Allow-Origin": "*" },
  };
}
