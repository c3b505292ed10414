import type { FastifyPluginAsync } from "fastify";
import { formAdminRoutes } from "./admin-routes.js";
import { formFamilyRoutes, type FamilyFormDeps } from "./family-routes.js";
import { formFileRoutes } from "./file-routes.js";
import { formStaffRoutes } from "./staff-routes.js";

/** Every route of the forms: the academy's builder, the family's side and its files, staff's reads. */
export const formRoutes =
  (deps: FamilyFormDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(formAdminRoutes({ db: deps.db }));
    await app.register(formFamilyRoutes(deps));
    await app.register(formStaffRoutes(deps));
    await app.register(formFileRoutes(deps));
  };
