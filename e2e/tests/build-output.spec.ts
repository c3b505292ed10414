import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_PORTS, SHELL_URL } from "../support/ports";

const root = path.resolve(import.meta.dirname, "../..");
const REMOTE_DIRS = ["mfe-public", "mfe-student", "mfe-instructor", "mfe-admin"];

/** A selector list split at its top-level commas (not those inside `:where(...)` and the like). */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

function files(dir: string, ext: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => path.join(dir, f));
}

test.describe("production builds", () => {
  test("the shell's build holds no remote URL and no remote code", () => {
    const shellDist = path.join(root, "shell", "dist");
    const code = files(shellDist, ".js")
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    for (const port of [3001, 3002, 3003, 3004]) {
      expect(code.includes(`localhost:${port}`), `shell build mentions localhost:${port}`).toBe(false);
    }
    // Page components live in the remotes; their texts are not in the shell.
    for (const text of ["Welcome to the academy", "Adding classes opens", "The users list opens"]) {
      expect(code.includes(text), `shell build contains remote text "${text}"`).toBe(false);
    }
  });

  // Decision 026: the runtime wrapper each remote entry bundles is the packages' ES module build,
  // which the bundler tree-shakes (their CommonJS build carried unused sdk modules: 13 KB -> 8 KB).
  test("each remote's remoteEntry.js bundles the federation runtime's ES module build, and stays under 10 KB", () => {
    for (const dir of REMOTE_DIRS) {
      const dist = path.join(root, dir, "dist");
      const map = JSON.parse(readFileSync(path.join(dist, "remoteEntry.js.map"), "utf8")) as { sources: string[] };
      const federation = map.sources.filter((source) => source.includes("@module-federation"));
      expect(federation.length, `${dir}: federation runtime modules in remoteEntry.js`).toBeGreaterThan(0);
      expect(
        federation.filter((source) => source.endsWith(".cjs")),
        `${dir}: CommonJS modules of the federation runtime`,
      ).toEqual([]);
      const brotli = readFileSync(path.join(dist, "remoteEntry.js.br")).length;
      expect(brotli, `${dir}: remoteEntry.js as sent (brotli)`).toBeLessThan(10 * 1024);
    }
  });

  // Decision 026: the shell bundles the runtime core that every remote uses, once, as ES modules.
  test("the shell's main.js bundles one copy of the federation runtime, as ES modules", () => {
    const dist = path.join(root, "shell", "dist");
    const main = readdirSync(dist).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect(main, "the shell's main.js").toBeTruthy();
    const map = JSON.parse(readFileSync(path.join(dist, `${main}.map`), "utf8")) as { sources: string[] };
    const federation = map.sources.filter((source) => source.includes("@module-federation"));
    const core = federation.filter((source) => /runtime-core\/dist\/index\.(c?js|mjs)$/.test(source));
    expect(core, "the runtime core's index in the shell's main.js").toHaveLength(1);
    expect(
      federation.filter((source) => source.endsWith(".cjs")),
      "CommonJS modules of the federation runtime in the shell",
    ).toEqual([]);
  });

  // Decision 004: each remote's utilities apply only under its own root class (`.mfe-admin .px-4`),
  // so no remote's `.hidden` or `.px-4` can override the shell's responsive variants.
  test("a remote's stylesheets hold utilities only, scoped to its own root: no reset, no tokens, no element rules", () => {
    for (const dir of REMOTE_DIRS) {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, "dist", "mf-manifest.json"), "utf8")) as {
        exposes: { assets: { css: { sync: string[]; async: string[] } } }[];
      };
      const sheets = new Set(manifest.exposes.flatMap((e) => [...e.assets.css.sync, ...e.assets.css.async]));
      expect(sheets.size).toBeGreaterThan(0);
      for (const sheet of sheets) {
        const css = readFileSync(path.join(root, dir, "dist", sheet), "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/@property[^{]+\{[^}]*\}/g, "")
          // An escaped "@" belongs to a class name (a container-query utility, `.\@container`), not
          // to an at-rule: read it as a letter so the rule's selector is read whole.
          .replace(/\\@/g, "_at_");
        expect(css, `${dir}/${sheet} defines tokens on :root`).not.toMatch(/(^|[},])\s*:root/);
        // Every rule outside @property/@keyframes either targets classes inside the remote's root,
        // or (Tailwind's custom-property fallbacks) only sets --tw-* variables.
        for (const [, selector, body] of css.matchAll(/([^{}@;]+)\{([^{}]*)\}/g)) {
          const sel = selector!.trim();
          if (/^(from|to|\d+%)/.test(sel) || sel === "") continue;
          const onlyTwVars = body!.split(";").every((d) => d.trim() === "" || d.trim().startsWith("--tw-"));
          if (onlyTwVars) continue;
          for (const one of selectorList(sel)) {
            // Tailwind writes divide-* and space-* as `:where(.root .divide-y > ...)`: still inside the root.
            const scoped = one.startsWith(`.${dir} `) || one.startsWith(`:where(.${dir} `);
            expect(scoped, `${dir}/${sheet}: "${one}" is not scoped to .${dir}`).toBe(true);
          }
        }
      }
    }
  });

  test("entry files revalidate, hashed chunks are immutable, remotes allow cross-origin loads", async ({ request }) => {
    const index = await request.get(`${SHELL_URL}/`);
    expect(index.headers()["cache-control"]).toBe("no-cache");
    expect((await request.get(`${SHELL_URL}/remotes.json`)).headers()["cache-control"]).toBe("no-cache");
    const remote = `http://localhost:${E2E_PORTS.mfe_public}`;
    const manifestRes = await request.get(`${remote}/mf-manifest.json`);
    expect(manifestRes.headers()["cache-control"]).toBe("no-cache");
    expect(manifestRes.headers()["access-control-allow-origin"]).toBe("*");
    expect((await request.get(`${remote}/remoteEntry.js`)).headers()["cache-control"]).toBe("no-cache");
    const manifest = (await manifestRes.json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
    const chunk = manifest.exposes[0]!.assets.js.sync[0]!;
    expect((await request.get(`${remote}/${chunk}`)).headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  test("the API answers /health", async ({ request }) => {
    const res = await request.get(`http://localhost:${E2E_PORTS.api}/health`);
    expect(res.ok()).toBe(true);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});
