import { afterEach, describe, expect, it } from "vitest";
import { takeEarlyManifest } from "./early-manifests";

const URL_A = "http://localhost:3002/mf-manifest.json";

afterEach(() => {
  globalThis.academyEarlyManifests = undefined;
});

describe("takeEarlyManifest", () => {
  it("answers the manifest index.html fetched, once, as a JSON response", async () => {
    globalThis.academyEarlyManifests = { [URL_A]: Promise.resolve('{"id":"mfe_student"}') };
    const response = await takeEarlyManifest(URL_A);
    expect(response?.headers.get("content-type")).toBe("application/json");
    expect(await response?.json()).toEqual({ id: "mfe_student" });
    expect(takeEarlyManifest(URL_A)).toBeUndefined();
  });

  it("matches the URL as the browser writes it", async () => {
    globalThis.academyEarlyManifests = { "http://localhost:3002/mf-manifest.json": Promise.resolve("{}") };
    expect(await takeEarlyManifest("HTTP://LOCALHOST:3002/./mf-manifest.json")).toBeInstanceOf(Response);
  });

  it("answers nothing for another manifest, none fetched, or an early request that failed", async () => {
    expect(takeEarlyManifest(URL_A)).toBeUndefined();
    globalThis.academyEarlyManifests = {
      [URL_A]: Promise.resolve(null),
      "http://localhost:3003/mf-manifest.json": Promise.reject(new Error("offline")),
    };
    expect(takeEarlyManifest("http://localhost:3001/mf-manifest.json")).toBeUndefined();
    expect(await takeEarlyManifest(URL_A)).toBeUndefined();
    expect(await takeEarlyManifest("http://localhost:3003/mf-manifest.json")).toBeUndefined();
  });
});
