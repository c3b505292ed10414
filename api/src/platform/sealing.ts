import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Application-level encryption of the most sensitive values (a child's medical notes and contact
 * people): AES-256-GCM with a key from the environment, so a copy of the database (a backup, a
 * replica, a leaked dump) holds no plaintext of them. A sealed value is
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); the key id names the key that sealed it,
 * so the key can be rotated: the new key seals, the old ones still open (docs/deploying.md).
 */
export interface Sealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** Whether a sealed value was sealed with an older key (a rotation re-seals those). */
  isStale(sealed: string): boolean;
}

const VERSION = "v1";

/** A key is 32 bytes written as 64 hex digits (e.g. `openssl rand -hex 32`). */
export function parseKey(name: string, hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new Error(`${name} must be 64 hex digits (32 random bytes, e.g. openssl rand -hex 32)`);
  }
  return Buffer.from(hex, "hex");
}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 8);

export function createSealer(current: Buffer, older: readonly Buffer[] = []): Sealer {
  const currentId = keyId(current);
  const keys = new Map([[currentId, current], ...older.map((k) => [keyId(k), k] as const)]);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return [VERSION, currentId, ...parts].join(".");
    },
    open(sealed) {
      const [version, id, iv, tag, body, ...rest] = sealed.split(".");
      if (version !== VERSION || !id || iv === undefined || tag === undefined || body === undefined || rest.length) {
        throw new Error("not a sealed value");
      }
      const key = keys.get(id);
      if (!key) throw new Error(`a value sealed with an unknown key (${id}): is an older key missing?`);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
    isStale(sealed) {
      return sealed.split(".")[1] !== currentId;
    },
  };
}
