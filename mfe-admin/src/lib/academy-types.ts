/*
 * What GET /academy answers and PUT /admin/academy takes (decision 051): the API document's own
 * types, named as the form uses them.
 */
import type { Academy } from "shared-auth/wire";

export type { Academy };

/** Links by site (https only); a site without a link is absent, never an empty text. */
export type SocialLinks = Academy["socialLinks"];

/** The sites the academy may link to from every page's footer and e-mail. */
export type SocialSite = keyof SocialLinks;

/** PUT /admin/academy: every fact, the time of change being the API's to set. */
export type AcademyBody = Omit<Academy, "updatedAt">;
