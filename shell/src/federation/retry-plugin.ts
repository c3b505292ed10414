import type { ModuleFederationRuntimePlugin } from "@module-federation/enhanced/runtime";
import { RetryPlugin } from "@module-federation/retry-plugin";

/**
 * Network layer of "a remote is down": retry a remote's manifest and entry script a couple of
 * times (a deploy in progress, a dropped packet) before the fallback plugin takes over.
 * Kept short so a remote that is really down shows its fallback within a few seconds.
 */
export default function remoteRetryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 400 },
    script: { retryTimes: 2, retryDelay: 400 },
  }) as unknown as ModuleFederationRuntimePlugin; // the plugin is typed against an older runtime; same hooks
}
