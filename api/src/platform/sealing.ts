import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Application-level encryption of the most sensitive values (a child's medical notes and contact
 * people): AES-256-GCM with a key from the environment, so a copy of the database (a backup, a
 * replica, a leaked dump) holds no plaintext of them. A sealed value is
 * `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); the key id names the key that sealed it,
 * so the key can be rotated: the new key seals, the old ones still open (docs/deploying.md).
 *
 * Each value is bound to where it belongs (`binding`: the column, the row's id, its family's id,
 * platform/sealed-columns.ts) as GCM's associated data: a value copied onto another row, by anyone
 * who can write rows, does not open there (decision 030). Values sealed before binding (`v1.`,
 * no associated data) open only for the reseal tool (`openUnbound`), which binds them.
 */
export interface Sealer {
  seal(plaintext: string, binding: string): string;
  /** Opens a value sealed with this binding; throws for any other (another row's value included). */
  open(sealed: string, binding: string): string;
  /** Whether a value needs sealing again: sealed with an older key, or before binding (v1). */
  isStale(sealed: string): boolean;
  /**
   * The reseal tool only: opens a value sealed before binding (v1) as well as a bound one. Never
   * used to show a value, since an unbound value could have been copied from another row.
   */
  openUnbound(sealed: string, binding: string): string;
}

const BOUND = "v2";
const UNBOUND = "v1";

/** A key is 32 bytes written as 64 hex digits (e.g. `openssl rand -hex 32`). */
export function parseKey(name: string, hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new Error(`${name} must be 64 hex digits (32 random bytes, e.g. openssl rand -hex 32)`);
  }
  return Buffer.from(hex, "hex");
}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 8);
/** The associated data: the format's version with the binding, so a v2 value never opens as another version. */
const associatedData = (binding: string) => Buffer.from(`${BOUND}|${binding}`, "utf8");

export function createSealer(current: Buffer, older: readonly Buffer[] = []): Sealer {
  const currentId = keyId(current);
  const keys = new Map([[currentId, current], ...older.map((k) => [keyId(k), k] as const)]);
  const parse = (sealed: string) => {
    const [version, id, iv, tag, body, ...rest] = sealed.split(".");
    if (
      (version !== BOUND && version !== UNBOUND) ||
      !id ||
      iv === undefined ||
      tag === undefined ||
      body === undefined ||
      rest.length
    ) {
      throw new Error("not a sealed value");
    }
    const key = keys.get(id);
    if (!key) throw new Error(`a value sealed with an unknown key (${id}): is an older key missing?`);
    return { version, key, iv, tag, body };
  };
  const decrypt = (parts: ReturnType<typeof parse>, aad: Buffer | undefined) => {
    const decipher = createDecipheriv("aes-256-gcm", parts.key, Buffer.from(parts.iv, "base64url"));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(parts.tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(parts.body, "base64url")), decipher.final()]).toString("utf8");
  };
  return {
    seal(plaintext, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(associatedData(binding));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return [BOUND, currentId, ...parts].join(".");
    },
    open(sealed, binding) {
      const parts = parse(sealed);
      if (parts.version !== BOUND) {
        throw new Error("a value sealed before values were bound to their row: run the reseal tool");
      }
      return decrypt(parts, associatedData(binding));
    },
    openUnbound(sealed, binding) {
      const parts = parse(sealed);
      return decrypt(parts, parts.version === BOUND ? associatedData(binding) : undefined);
    },
    isStale(sealed) {
      const [version, id] = sealed.split(".");
      return version !== BOUND || id !== currentId;
    },
  };
}
