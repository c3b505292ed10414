import { loadRemote, registerRemotes } from "@module-federation/enhanced/runtime";
import type { ComponentType } from "react";
import { isUnavailableModule } from "./fallback-plugin";
import { REMOTES, type RemoteEntry, type RemoteName } from "./remotes";

/** Where each remote was registered from, so a retry can register it afresh. */
const registered = new Map<RemoteName, RemoteEntry>();

export function registerConfiguredRemotes(entries: RemoteEntry[]): void {
  for (const entry of entries) registered.set(entry.name, entry);
  registerRemotes(entries.map((e) => ({ name: e.name, entry: e.entry })));
}

/**
 * Forget a remote's failed state (its manifest, entry and modules) so the next load goes to the
 * network again: this is what lets a retry recover without reloading the page.
 */
export function resetRemote(name: RemoteName): void {
  const entry = registered.get(name);
  if (entry) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
}

export class RemoteUnavailableError extends Error {
  override name = "RemoteUnavailableError";
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`${REMOTES[remote].label} could not be loaded: ${reason}`);
  }
}

export interface PageModule {
  default: ComponentType;
}

/** Loads one exposed page of a remote; every failure becomes a RemoteUnavailableError. */
export async function loadRemotePage(remote: RemoteName, exposed: string): Promise<PageModule> {
  if (!registered.has(remote)) throw new RemoteUnavailableError(remote, "it is not configured in remotes.json");
  let mod: unknown;
  try {
    mod = await loadRemote<unknown>(`${remote}/${exposed}`);
  } catch (error) {
    throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  }
  if (isUnavailableModule(mod)) throw new RemoteUnavailableError(remote, mod.__remoteUnavailable.reason);
  if (!mod || typeof mod !== "object" || typeof (mod as { default?: unknown }).default !== "function") {
    throw new RemoteUnavailableError(remote, `its module ${exposed} has no page component`);
  }
  return mod as PageModule;
}
