// Stripe.js and the card field's script are written as parts (browser/stripe/, browser/card-frame/)
// and served as the one classic script the browser loads (src/browser-assets.ts). A part left out,
// or named twice, would only show as a payment page that breaks in a browser: these checks say which.
// Uses the sandbox's dist/ as the other suites do: `npm test` builds it, or `pnpm run build` here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Script } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaymentSandbox } from "../../payment-sandbox.mjs";
import { partAsServed } from "../dist/browser-assets.js";

const BROWSER_DIR = path.join(import.meta.dirname, "..", "browser");

/** The script the sandbox serves at each URL, the file it starts from and the folder of its parts. */
const SCRIPTS = [
  { url: "/v3/", file: "stripe.js", folder: "stripe" },
  { url: "/v3/elements/card.js", file: "card-frame.js", folder: "card-frame" },
];

let sandbox;

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.stop();
});

describe.each(SCRIPTS)("the served $url, from browser/$file and its parts", ({ url, file, folder }) => {
  it("names every file of its parts' folder once, and no other", () => {
    const named = [...readFileSync(path.join(BROWSER_DIR, file), "utf8").matchAll(/^\s*\/\/ part: (\S+)$/gm)].map(
      (match) => match[1],
    );
    const parts = readdirSync(path.join(BROWSER_DIR, folder)).map((part) => `${folder}/${part}`);
    expect([...named].sort()).toEqual(parts.sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it("is one script: every part's code in the order named, no part line or lint directive left, and it parses", async () => {
    const answer = await fetch(`${sandbox.url}${url}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const served = await answer.text();
    expect(served).not.toMatch(/^\s*\/\/ part:/m);
    expect(served).not.toMatch(/^\/\* (global|exported) /m);
    const entry = readFileSync(path.join(BROWSER_DIR, file), "utf8");
    let from = 0;
    for (const [, part] of entry.matchAll(/^\s*\/\/ part: (\S+)$/gm)) {
      const at = served.indexOf(partAsServed(readFileSync(path.join(BROWSER_DIR, part), "utf8")), from);
      expect(at, part).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    // A classic script, as the browser reads it: compiled, not run.
    expect(() => new Script(served, { filename: url })).not.toThrow();
  });
});
