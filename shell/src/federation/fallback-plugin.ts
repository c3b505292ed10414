import type { ModuleFederationRuntimePlugin } from "@module-federation/enhanced/runtime";

/** Marker of the module the fallback plugin returns in place of an unreachable remote's module. */
export const REMOTE_UNAVAILABLE = "__remoteUnavailable";

export interface UnavailableModule {
  [REMOTE_UNAVAILABLE]: { id: string; reason: string };
}

export function isUnavailableModule(value: unknown): value is UnavailableModule {
  return typeof value === "object" && value !== null && REMOTE_UNAVAILABLE in value;
}

/**
 * Second layer of "a remote is down": when loading a remote module fails for good, hand back a
 * marker module instead of throwing inside the federation runtime. The page loader turns the
 * marker into an error its error boundary shows, with a retry button.
 * Only at the 'onLoad' lifecycle: a fallback returned at 'afterResolve' breaks the runtime
 * (RUNTIME-013). This file must not import React or any shared module: runtime plugins load
 * before the share scope exists.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: "remote-fallback-plugin",
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== "onLoad") return undefined;
      const reason = error instanceof Error ? error.message : String(error);
      const fallback: UnavailableModule = { [REMOTE_UNAVAILABLE]: { id, reason } };
      return () => fallback;
    },
  };
}
