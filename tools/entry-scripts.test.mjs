import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The root commands must work as the very first command on a clean clone: before their install
// step runs there is no node_modules and no compiled code. So what an entry script imports
// statically (and what those modules import, transitively) may be Node's builtins and the
// project's own plain modules only; everything else is imported after `ensureInstalled`.
const TOOLS = import.meta.dirname;
const ENTRY_SCRIPTS = ["start.mjs", "dev.mjs", "test.mjs", "build.mjs"];

/** Static `import ... from "x"` and `export ... from "x"` specifiers (not `import()`). */
export function staticImports(source) {
  const specifiers = [];
  const pattern = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

function staticGraph(entry) {
  const seen = new Set();
  const outside = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, "utf8"))) {
      if (specifier.startsWith("node:")) continue;
      if (!specifier.startsWith(".")) {
        outside.push(`${path.relative(TOOLS, file)} -> ${specifier}`);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      if (target.includes(`${path.sep}dist${path.sep}`)) outside.push(`${path.relative(TOOLS, file)} -> ${specifier}`);
      else visit(target);
    }
  };
  visit(path.join(TOOLS, entry));
  return { modules: [...seen].map((file) => path.relative(TOOLS, file)), outside };
}

describe("the root commands' entry scripts", () => {
  it("reads static imports and skips dynamic ones", () => {
    const source = [
      'import path from "node:path";',
      'import { a, b } from "./a.mjs";',
      "import {\n  c,\n} from './c.mjs';",
      'export * from "./d.mjs";',
      'import "./side-effect.mjs";',
      'const later = await import("./later.mjs");',
    ].join("\n");
    expect(staticImports(source)).toEqual(["node:path", "./a.mjs", "./c.mjs", "./d.mjs", "./side-effect.mjs"]);
  });

  it.each(ENTRY_SCRIPTS)("%s imports only builtins and plain modules before installing", (entry) => {
    const { modules, outside } = staticGraph(entry);
    expect(outside).toEqual([]);
    // The payment sandbox's entry loads compiled code: it is imported after the install.
    expect(modules).not.toContain("payment-sandbox.mjs");
  });
});
