import { describe, expect, it } from "vitest";
import { loadDeployConfig } from "./deploy-config";

function fakeFetch(files: Record<string, unknown>) {
  return async (url: string) => {
    if (!(url in files)) return new Response("Not found", { status: 404 });
    const body = files[url];
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status: 200 });
  };
}

describe("loadDeployConfig", () => {
  it("reads remotes.json and env.json", async () => {
    const config = await loadDeployConfig(
      fakeFetch({
        "/remotes.json": { mfe_public: "https://cdn.example.com/public/mf-manifest.json" },
        "/env.json": { apiUrl: "https://api.example.com/" },
      }),
    );
    expect(config.remotes).toEqual([{ name: "mfe_public", entry: "https://cdn.example.com/public/mf-manifest.json" }]);
    expect(config.env).toEqual({ apiUrl: "https://api.example.com" });
    expect(config.problems).toEqual([]);
  });

  it("never fails the start: a missing remotes.json leaves every remote area on its fallback", async () => {
    const config = await loadDeployConfig(fakeFetch({ "/env.json": { apiUrl: "https://api.example.com" } }));
    expect(config.remotes).toEqual([]);
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(/remotes\.json/);
  });

  it("reports a malformed remotes.json and env.json, falling back to same-origin /api", async () => {
    const config = await loadDeployConfig(fakeFetch({ "/remotes.json": "{not json", "/env.json": { nope: 1 } }));
    expect(config.remotes).toEqual([]);
    expect(config.env).toEqual({ apiUrl: "/api" });
    expect(config.problems).toHaveLength(2);
  });
});
