/** The four remotes the shell knows by name. Where each one lives is deploy-time config (remotes.json). */
export const REMOTES = {
  mfe_public: { label: "Public pages" },
  mfe_student: { label: "Student area" },
  mfe_instructor: { label: "Instructor area" },
  mfe_admin: { label: "Admin area" },
} as const;

export type RemoteName = keyof typeof REMOTES;

export function isRemoteName(name: string): name is RemoteName {
  return Object.hasOwn(REMOTES, name);
}

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
}

export class RemotesConfigError extends Error {
  override name = "RemotesConfigError";
}

/**
 * Reads remotes.json: `{ "mfe_public": "https://.../mf-manifest.json", ... }`.
 * Only known remote names and http(s) URLs are accepted: remote code runs with the site's
 * privileges, so its location must come from trusted config and nothing else.
 * A missing remote is allowed (its area shows the fallback); an unknown or malformed one is refused.
 */
export function parseRemotesConfig(json: unknown): RemoteEntry[] {
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    throw new RemotesConfigError("remotes.json must be an object of remote name to manifest URL");
  }
  return Object.entries(json).map(([name, value]) => {
    if (!isRemoteName(name)) throw new RemotesConfigError(`remotes.json names an unknown remote "${name}"`);
    if (typeof value !== "string") throw new RemotesConfigError(`remotes.json: the URL of ${name} must be a string`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new RemotesConfigError(`remotes.json: the URL of ${name} is not a URL: ${value}`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new RemotesConfigError(`remotes.json: the URL of ${name} must be http(s)`);
    }
    return { name, entry: url.href };
  });
}
