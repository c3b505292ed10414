import type { ModuleFederationRuntimePlugin } from "@module-federation/enhanced/runtime";
import { RetryPlugin } from "@module-federation/retry-plugin";
import { takeEarlyManifest } from "./early-manifests";

/**
 * Network layer of "a remote is down": retry a remote's manifest and entry script a couple of
 * times (a deploy in progress, a dropped packet) before the fallback plugin takes over.
 * Kept short so a remote that is really down shows its fallback within a few seconds.
 * A manifest index.html already fetched for the page being opened (decision 024) is used as it is:
 * every `fetch` hook runs, so this is where the network request can be spared.
 */
export default function remoteRetryPlugin(): ModuleFederationRuntimePlugin {
  const retry = RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 400 },
    script: { retryTimes: 2, retryDelay: 400 },
  }) as unknown as ModuleFederationRuntimePlugin; // the plugin is typed against an older runtime; same hooks
  const retryFetch = retry.fetch!;
  return {
    ...retry,
    fetch(url, init, ...rest) {
      const early = takeEarlyManifest(url);
      if (!early) return retryFetch(url, init, ...rest);
      return early.then(async (response) => response ?? ((await retryFetch(url, init, ...rest)) || fetch(url, init)));
    },
  };
}
