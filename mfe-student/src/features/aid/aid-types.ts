/*
 * What the financial-aid calls send and answer, as the family's pages use them (GET /aid,
 * POST /aid/applications): the API document's own types. Money is always whole cents.
 */
import type { AidApplication, FamilyAid, paths } from "shared-auth/wire";

export type { AidApplication, FamilyAid };
export type AidStatus = AidApplication["status"];
export type FamilyAidSeason = NonNullable<FamilyAid["season"]>;
export type AidCamper = FamilyAid["campers"][number];

/** POST /aid/applications. */
export type AidApplicationInput = paths["/aid/applications"]["post"]["requestBody"]["content"]["application/json"];
