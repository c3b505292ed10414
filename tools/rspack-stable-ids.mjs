// The same source gives the same bytes wherever the repository is checked out.
//
// The bundler's deterministic module ids are hashes of each module's name relative to the app, but
// the federation's shared-module wrappers ("provide shared module … = /abs/path/…", "consume shared
// module … (fallback: /abs/path/…)") and its runtime entry (a data: URL that imports absolute paths)
// are named with absolute paths. Their ids, and with them the minifier's choices around them, then
// changed with the checkout's directory: a clone elsewhere built bundles some tens of bytes apart,
// enough to pass the page-weight budgets on one machine and fail them in CI. This plugin names those
// modules by their path relative to the repository before the bundler numbers the rest.
import { createHash } from "node:crypto";
import path from "node:path";

const PLUGIN = "StableModuleIdsPlugin";
/** How the names of the modules the federation generates begin. */
const NAMED_BY_ABSOLUTE_PATH = ["provide shared module", "consume shared module", "data:text/javascript,"];

/**
 * The id a module gets from its name with the repository's directory taken out: a number of the
 * bundler's own width (4 digits for a few hundred modules), moved on past any id already taken.
 * @param {string} identifier
 * @param {string} root  the repository's directory
 * @param {Set<number>} taken
 */
export function stableModuleId(identifier, root, taken) {
  const relative = identifier.replaceAll(root, "<repo>").replaceAll(encodeURIComponent(root), "<repo>");
  const digest = createHash("sha256").update(relative).digest();
  let id = digest.readUInt32BE(0) % 10000;
  while (taken.has(id)) id = (id + 1) % 10000;
  taken.add(id);
  return id;
}

export class StableModuleIdsPlugin {
  /** @param {string} appDir  an app of the workspace (its parent is the repository) */
  constructor(appDir) {
    this.root = path.dirname(appDir);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.beforeModuleIds.tap(PLUGIN, (modules) => {
        const named = modules
          .filter((m) => NAMED_BY_ABSOLUTE_PATH.some((start) => m.identifier.startsWith(start)))
          .sort((a, b) => (a.identifier < b.identifier ? -1 : 1));
        const taken = new Set();
        for (const m of named) m.id = stableModuleId(m.identifier, this.root, taken);
      });
    });
  }
}
