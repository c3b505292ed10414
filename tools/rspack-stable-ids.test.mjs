import { describe, expect, it } from "vitest";
import { stableModuleId } from "./rspack-stable-ids.mjs";

const consume = (root) =>
  `consume shared module (default) react@^19.3.1 (strict) (fallback: ${root}/node_modules/.pnpm/react@19.3.1/node_modules/react/index.js)`;
const runtime = (root) =>
  `data:text/javascript,import%20x%20from%20%22${encodeURIComponent(root)}%2Fnode_modules%2Fa.js%22`;

describe("stableModuleId", () => {
  it("gives a shared module the same id wherever the repository is checked out", () => {
    expect(stableModuleId(consume("/work/main"), "/work/main", new Set())).toBe(
      stableModuleId(consume("/check/work/main"), "/check/work/main", new Set()),
    );
    expect(stableModuleId(runtime("/work/main"), "/work/main", new Set())).toBe(
      stableModuleId(runtime("/check/work/main"), "/check/work/main", new Set()),
    );
  });

  it("gives two modules two ids, moving past one already taken", () => {
    const taken = new Set();
    const first = stableModuleId(consume("/r"), "/r", taken);
    const again = stableModuleId(consume("/r"), "/r", taken);
    expect(again).not.toBe(first);
    expect(again).toBe((first + 1) % 10000);
  });
});
