import { parseKey } from "../sealing.js";
import { DEV_CAMPER_DATA_SECRET, refusePublished } from "./published-secrets.js";
import { refuseWeakKey } from "./secret-strength.js";

/**
 * The key that seals campers' medical and contact details (CAMPER_DATA_KEY), and older keys that
 * still open what they sealed while a rotation runs (CAMPER_DATA_OLD_KEYS, comma-separated). In
 * production every one of them, old ones included, must be of the operator's own and look random:
 * an old key anyone can read opens every value it sealed.
 */
export function readCamperDataKeys(
  env: NodeJS.ProcessEnv,
  production: boolean,
): { camperDataKey: Buffer; camperDataOldKeys: Buffer[] } {
  const camperKeyHex = (env.CAMPER_DATA_KEY ?? (production ? "" : DEV_CAMPER_DATA_SECRET)).trim();
  if (production && !camperKeyHex) {
    throw new Error("CAMPER_DATA_KEY must be set in production (64 hex digits: openssl rand -hex 32)");
  }
  const oldKeyTexts = (env.CAMPER_DATA_OLD_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  const read = (name: string, hex: string) => {
    refusePublished(production, name, hex.toLowerCase());
    const key = parseKey(name, hex);
    if (production) refuseWeakKey(name, key);
    return key;
  };
  const camperDataKey = read("CAMPER_DATA_KEY", camperKeyHex);
  const camperDataOldKeys = oldKeyTexts.map((hex) => read("CAMPER_DATA_OLD_KEYS", hex));
  return { camperDataKey, camperDataOldKeys };
}
