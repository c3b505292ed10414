import { describe, expect, it } from "vitest";
import { callsApiOnOpen, routeAt, routePreload, usesQueriesOnOpen } from "./route-preload";
import type { RemoteEntry } from "./remotes";

const remotes: RemoteEntry[] = [
  { name: "mfe_public", entry: "http://localhost:3001/mf-manifest.json" },
  { name: "mfe_student", entry: "http://localhost:3002/mf-manifest.json" },
];

describe("routeAt", () => {
  it("finds the remote page of public and dashboard paths, parameters included", () => {
    expect(routeAt("/")?.exposed).toBe("HomePage");
    expect(routeAt("/classes")?.exposed).toBe("ClassesPage");
    expect(routeAt("/classes/42")?.exposed).toBe("ClassPage");
    expect(routeAt("/classes/42/")?.exposed).toBe("ClassPage");
    expect(routeAt("/dashboard/mydashboard")).toMatchObject({ remote: "mfe_student", exposed: "MyCartPage" });
  });

  it("finds nothing for the shell's own pages and unknown paths", () => {
    expect(routeAt("/login")).toBeUndefined();
    expect(routeAt("/dashboard")).toBeUndefined();
    expect(routeAt("/classes/42/extra")).toBeUndefined();
    expect(routeAt("/nowhere")).toBeUndefined();
  });
});

describe("routePreload", () => {
  it("preloads the page's remote module", () => {
    expect(routePreload("/", remotes, false)).toEqual({ remote: "mfe_public", exposed: "HomePage" });
  });

  it("preloads a signed-in page only when a session may exist", () => {
    expect(routePreload("/dashboard/mydashboard", remotes, false)).toBeUndefined();
    expect(routePreload("/dashboard/mydashboard", remotes, true)).toEqual({
      remote: "mfe_student",
      exposed: "MyCartPage",
    });
  });

  it("preloads nothing from a remote remotes.json leaves out", () => {
    expect(routePreload("/dashboard/instructorhome", remotes, true)).toBeUndefined();
    expect(routePreload("/", [], false)).toBeUndefined();
  });
});

describe("callsApiOnOpen", () => {
  it("is true for pages that fetch their data as they open", () => {
    for (const path of ["/classes", "/instructors", "/classes/abc", "/instructors/abc", "/dashboard/mydashboard"]) {
      expect(callsApiOnOpen(path, false), path).toBe(true);
    }
  });

  it("is false for pages that call nothing at first, and for the shell's own pages", () => {
    for (const path of ["/", "/contact", "/info/help", "/login", "/signup", "/no-such-page"]) {
      expect(callsApiOnOpen(path, false), path).toBe(false);
    }
  });

  it("is true wherever a stored session may call through the client (the navbar's cart badge)", () => {
    expect(callsApiOnOpen("/", true)).toBe(true);
    expect(callsApiOnOpen("/login", true)).toBe(true);
    expect(callsApiOnOpen("/dashboard/paymenthistory", true)).toBe(true);
  });

  it("is false for the cart page of a stored session: its session and cart are the shell's early calls", () => {
    expect(callsApiOnOpen("/dashboard/mydashboard", true)).toBe(false);
  });
});

describe("usesQueriesOnOpen", () => {
  it("is false for a visitor's home page and the shell's own pages, true for a visitor's pages with data", () => {
    for (const path of ["/", "/login", "/signup", "/no-such-page"])
      expect(usesQueriesOnOpen(path, false), path).toBe(false);
    for (const path of ["/classes", "/instructors", "/contact"])
      expect(usesQueriesOnOpen(path, false), path).toBe(true);
  });

  it("is true on every page of a stored session (a student's cart badge asks for the cart)", () => {
    for (const path of ["/", "/login", "/dashboard/mydashboard"])
      expect(usesQueriesOnOpen(path, true), path).toBe(true);
  });
});
