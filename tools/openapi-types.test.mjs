import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { WIRE_TYPES, wireTypes } from "./openapi-types.mjs";

describe("the front ends' wire types", () => {
  it("are the ones generated from the API's committed OpenAPI document (npm run openapi)", async () => {
    expect(await readFile(WIRE_TYPES, "utf8")).toBe(await wireTypes());
  });
});
