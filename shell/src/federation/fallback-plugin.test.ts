import { describe, expect, it } from "vitest";
import remoteFallbackPlugin, { isUnavailableModule } from "./fallback-plugin";

type Hook = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

describe("remoteFallbackPlugin", () => {
  const hook = remoteFallbackPlugin().errorLoadRemote as unknown as Hook;

  it("at onLoad, hands back a factory of a marker module carrying the reason", () => {
    const factory = hook({ id: "mfe_public/HomePage", error: new Error("fetch failed"), lifecycle: "onLoad" });
    expect(typeof factory).toBe("function");
    const mod = (factory as () => unknown)();
    expect(isUnavailableModule(mod)).toBe(true);
    expect(mod).toEqual({ __remoteUnavailable: { id: "mfe_public/HomePage", reason: "fetch failed" } });
  });

  it.each(["beforeRequest", "afterResolve", "beforeLoadShare"])("stays out of the way at %s", (lifecycle) => {
    expect(hook({ id: "mfe_public/HomePage", error: new Error("x"), lifecycle })).toBeUndefined();
  });

  it("does not mistake a real module for the marker", () => {
    expect(isUnavailableModule({ default: () => null })).toBe(false);
    expect(isUnavailableModule(null)).toBe(false);
  });
});
