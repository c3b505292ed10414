import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTER_EXPORTS } from "./router-surface.mjs";

const facade = readFileSync(path.join(import.meta.dirname, "router-facade.mjs"), "utf8");
const reexported = [...facade.matchAll(/export \{([^}]*)\} from "react-router-dom-full"/g)]
  .flatMap(([, names]) => names.split(","))
  .map((name) => name.trim())
  .filter(Boolean);
const reactRouterDom = createRequire(path.join(import.meta.dirname, "..", "shell", "package.json"))("react-router-dom");

describe("the shared react-router-dom surface", () => {
  it("the facade re-exports exactly the listed names", () => {
    expect([...reexported].sort()).toEqual([...ROUTER_EXPORTS].sort());
  });

  it("every listed name exists in the installed react-router-dom", () => {
    for (const name of ROUTER_EXPORTS) expect(reactRouterDom[name], name).toBeDefined();
  });
});
