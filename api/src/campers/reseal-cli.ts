// `pnpm --filter api reseal`: after CAMPER_DATA_KEY changed (the old key in CAMPER_DATA_OLD_KEYS),
// seals every camper's details with the new key; and, once after the upgrade that bound sealed
// values to their camper (decision 030), binds the values sealed before it. Safe to run again, and
// while the API serves.
import { readConfig } from "../platform/config.js";
import { openDatabase } from "../platform/database/client.js";
import { createSealer } from "../platform/sealing.js";
import { resealCamperDetails } from "./reseal.js";

const config = readConfig();
const database = await openDatabase(config);
const { resealed, unreadable } = await resealCamperDetails(
  database.db,
  createSealer(config.camperDataKey, config.camperDataOldKeys),
);
await database.close();
console.log(`re-sealed ${resealed} campers' details with the current key, bound to their camper`);
if (unreadable > 0) {
  console.error(
    `${unreadable} could not be opened with CAMPER_DATA_KEY or CAMPER_DATA_OLD_KEYS, or were sealed for another camper (copied onto this row): add the key that sealed them and run this again; the others stay unreadable and their families enter them again`,
  );
  process.exitCode = 1;
} else {
  console.log("CAMPER_DATA_OLD_KEYS can now be emptied");
}
