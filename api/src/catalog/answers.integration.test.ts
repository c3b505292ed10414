import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ADMIN, useTestApi } from "../../test/harness.js";
import { classList, instructorList } from "./answers.js";

const api = useTestApi();

/**
 * The public lists are sent from the cache's bytes, never through their answer schemas (the
 * serializer would strip a field the schema does not name, the cache does not): the schema must
 * say exactly what the bytes hold, no field more or less, each of its type.
 */
async function expectExactly(schema: z.ZodType, url: string, as?: { id: string; email: string }) {
  const res = await api.call({ method: "GET", url, ...(as && { as }) });
  expect(res.statusCode, res.body).toBe(200);
  const body: unknown = res.json();
  expect(schema.parse(body)).toEqual(body);
  return body;
}

describe("the public lists' answers", () => {
  it("are exactly what the answer schemas of GET /classes and GET /instructors describe", async () => {
    const classes = (await expectExactly(classList, "/classes")) as unknown[];
    expect(classes.length).toBeGreaterThan(0);
    // Served from the copy in memory the second time.
    await expectExactly(classList, "/classes");
    const page = (await expectExactly(classList, "/classes?size=3&sort=start")) as { items: unknown[] };
    expect(page.items).toHaveLength(3);
    await expectExactly(classList, "/classes", ADMIN);
    await expectExactly(classList, "/classes?sport=soccer");
    await expectExactly(instructorList, "/instructors");
    await expectExactly(instructorList, "/instructors?sort=name&size=2");
  });
});
