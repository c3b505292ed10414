import { preloadRemote } from "@module-federation/enhanced/runtime";
import { loadDeployConfig, type DeployConfig } from "./deploy-config";
import { startEarlyCalls } from "./early-calls";
import { registerConfiguredRemotes } from "./registry";
import { hasStoredSession, routePreload } from "./route-preload";

let started: Promise<DeployConfig> | undefined;

/**
 * Reads the deploy-time config, registers the remotes and starts fetching the page being opened:
 * its remote's manifest, then its remote entry and the page's own chunks (not the remote's copies
 * of shared modules: the shell provides those). index.ts calls it before the async boundary, so
 * this runs while the shared modules download instead of after them; bootstrap awaits the same
 * promise. No React or other shared module here: they are not ready before the boundary.
 */
export function startRemotes(pathname: string): Promise<DeployConfig> {
  started ??= loadDeployConfig().then((config) => {
    // The session's first answers start now, before the page's code (ADR 022).
    if (config.envRead) startEarlyCalls(pathname, config.env.apiUrl);
    registerConfiguredRemotes(config.remotes);
    const ahead = routePreload(pathname, config.remotes, hasStoredSession());
    if (ahead) {
      // Only a head start: if it fails, the page's own load reports it (retries, then the fallback).
      preloadRemote([
        {
          nameOrAlias: ahead.remote,
          exposes: [ahead.exposed],
          resourceCategory: "sync",
          share: false,
          depsRemote: false,
        },
      ]).catch(() => undefined);
    }
    return config;
  });
  return started;
}
