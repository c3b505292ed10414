import { parseKey } from "../sealing.js";
import { DEV_CAMPER_DATA_SECRET, refusePublished } from "./published-secrets.js";

/**
 * The key that seals campers' medical and contact details (CAMPER_DATA_KEY), and older keys that
 * still open what they sealed while a rotation runs (CAMPER_DATA_OLD_KEYS, comma-separated).
 */
export function readCamperDataKeys(
  env: NodeJS.ProcessEnv,
  production: boolean,
): { camperDataKey: Buffer; camperDataOldKeys: Buffer[] } {
  const camperKeyHex = env.CAMPER_DATA_KEY ?? (production ? "" : DEV_CAMPER_DATA_SECRET);
  if (production && !camperKeyHex) {
    throw new Error("CAMPER_DATA_KEY must be set in production (64 hex digits: openssl rand -hex 32)");
  }
  refusePublished(production, "CAMPER_DATA_KEY", camperKeyHex.toLowerCase());
  const camperDataKey = parseKey("CAMPER_DATA_KEY", camperKeyHex);
  const camperDataOldKeys = (env.CAMPER_DATA_OLD_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseKey("CAMPER_DATA_OLD_KEYS", k));
  return { camperDataKey, camperDataOldKeys };
}
