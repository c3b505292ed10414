import { describe, expect, it } from "vitest";
import { kindProblem } from "./check-test-kinds.mjs";

const unit = 'import { describe } from "vitest";\nimport { nextRate } from "./pacing.js";\n';
const typeOnly = 'import type { PricingTerms } from "../platform/database/schema.js";\n';
const integration = 'import { useTestApi } from "../../test/harness.js";\n';
const embedded = 'import { PGlite } from "@electric-sql/pglite";\n';
const race =
  'import { useTwoTestApis, driverName } from "../../test/harness.js";\ndescribe.runIf(driverName === "postgres")("x", () => {});\n';

describe("an API test file's name says its kind", () => {
  it("accepts each kind under its own name", () => {
    expect(kindProblem("api/src/x/pacing.test.ts", unit)).toBeNull();
    expect(kindProblem("api/src/x/lost.test.ts", typeOnly)).toBeNull();
    expect(kindProblem("api/src/x/rooms.integration.test.ts", integration)).toBeNull();
    expect(kindProblem("api/src/x/migration.integration.test.ts", embedded)).toBeNull();
    expect(kindProblem("api/src/x/seats.race.test.ts", race)).toBeNull();
  });

  it("names what is wrong otherwise", () => {
    expect(kindProblem("api/src/x/rooms.test.ts", integration)).toMatch(/integration\.test\.ts/);
    expect(kindProblem("api/src/x/pacing.integration.test.ts", unit)).toMatch(/no database/);
    expect(kindProblem("api/src/x/seats.integration.test.ts", race)).toMatch(/race\.test\.ts/);
    expect(kindProblem("api/src/x/seats.race.test.ts", integration)).toMatch(/PostgreSQL only/);
  });
});
