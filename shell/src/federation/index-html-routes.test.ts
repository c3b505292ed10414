import { describe, expect, it } from "vitest";
import html from "../../index.html?raw";
import { dashboardRoutes, siteRoutes } from "../routes/route-table";

// index.html's head start (decision 024) runs before any of the shell's code, so it carries its
// own copy of the route table: held here to the table the router is built from.

function jsonBlock(id: string): Record<string, string> {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error(`index.html has no #${id}`);
  return JSON.parse(match[1]!) as Record<string, string>;
}

describe("index.html's list of remote pages", () => {
  const listed = jsonBlock("remote-pages");

  it("names every route of the route table with its remote and page, and nothing else", () => {
    const table = Object.fromEntries([
      ...siteRoutes.map((r) => [r.path, `${r.remote}/${r.exposed}`]),
      ...dashboardRoutes.map((r) => [`/dashboard/${r.path}`, `${r.remote}/${r.exposed}`]),
    ]);
    expect(listed).toEqual(table);
  });

  it("asks for a session exactly where the route table does: the dashboard's pages", () => {
    for (const route of siteRoutes) expect(route.access, route.path).toBe("public");
    for (const route of dashboardRoutes) expect(route.access, route.path).not.toBe("public");
  });

  it("agrees with the prerendered pages' list on the page of each address", () => {
    for (const [address, page] of Object.entries(jsonBlock("prerendered-pages"))) {
      expect(listed[address], address).toBe(page);
    }
  });
});
