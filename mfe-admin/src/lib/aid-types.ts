/*
 * What the office's financial-aid calls send and answer (GET /admin/aid, PUT
 * /admin/aid/seasons/:season, GET /admin/aid/applications/:id, POST …/award, …/change and
 * …/decline): the
 * API document's own types. Money is always whole cents.
 */
import type {
  AdminAid,
  AdminAidApplication,
  AdminAidApplicationWithStatement,
  AidSeason,
  paths,
} from "shared-auth/wire";

export type { AdminAidApplication, AidSeason };
export type AidStatus = AdminAidApplication["status"];
/** GET /admin/aid/applications/:id: the application with the family's own words. */
export type AdminAidApplicationDetail = AdminAidApplicationWithStatement;
/** GET /admin/aid?season=: every season, the one shown (the newest by default) and its applications. */
export type AdminAidOverview = AdminAid;

type JsonBody<P extends keyof paths, M extends "put" | "post"> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** PUT /admin/aid/seasons/:season: creates the season or changes it. */
export type AidSeasonBody = JsonBody<"/admin/aid/seasons/{season}", "put">;
/** POST /admin/aid/applications/:id/award. */
export type AwardBody = JsonBody<"/admin/aid/applications/{id}/award", "post">;
/** POST /admin/aid/applications/:id/change: an award's new amount, percent and note. */
export type ChangeBody = JsonBody<"/admin/aid/applications/{id}/change", "post">;
/** POST /admin/aid/applications/:id/decline. */
export type DeclineBody = JsonBody<"/admin/aid/applications/{id}/decline", "post">;
