import { describe, expect, it } from "vitest";
import { parseRemotesConfig, RemotesConfigError } from "./remotes";

describe("parseRemotesConfig", () => {
  it("reads every known remote with its manifest URL", () => {
    expect(
      parseRemotesConfig({
        mfe_public: "https://public.example.com/mf-manifest.json",
        mfe_admin: "http://localhost:3004/mf-manifest.json",
      }),
    ).toEqual([
      { name: "mfe_public", entry: "https://public.example.com/mf-manifest.json" },
      { name: "mfe_admin", entry: "http://localhost:3004/mf-manifest.json" },
    ]);
  });

  it("accepts a config that leaves a remote out (its area shows the fallback)", () => {
    expect(parseRemotesConfig({})).toEqual([]);
  });

  it.each([
    ["not an object", []],
    ["null", null],
    ["an unknown remote", { mfe_evil: "https://evil.example.com/mf-manifest.json" }],
    ["a URL that is not a string", { mfe_public: 42 }],
    ["a malformed URL", { mfe_public: "not a url" }],
    ["a javascript: URL", { mfe_public: "javascript:alert(1)" }],
    ["a data: URL", { mfe_public: "data:text/javascript,alert(1)" }],
  ])("refuses %s", (_label, json) => {
    expect(() => parseRemotesConfig(json)).toThrow(RemotesConfigError);
  });
});
