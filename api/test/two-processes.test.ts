import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, classId, createTestDatabaseUrl, driverName, startTestApi, type TestApi } from "./harness.js";

/**
 * Two API instances on one PostgreSQL, as in production behind a load balancer: a write through
 * one is visible on the very next read through the other, although both cache the public list.
 * (PGlite is one process per data folder, so this runs on PostgreSQL only.)
 */
describe.runIf(driverName === "postgres")("two API processes sharing one PostgreSQL", () => {
  let a: TestApi & { close(): Promise<void> };
  let b: TestApi & { close(): Promise<void> };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    a = await startTestApi(db.url);
    b = await startTestApi(db.url);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop?.();
  });

  it("a write through one is visible on the next read through the other", async () => {
    const names = async (api: TestApi) =>
      ((await api.call({ method: "GET", url: "/classes" })).json() as { _id: string; class_name: string }[]).find(
        (c) => c._id === classId(1),
      )!.class_name;
    expect(await names(b)).toBe("Junior Soccer Skills"); // b has it cached now
    const etag = (await b.call({ method: "GET", url: "/classes" })).headers.etag;
    await a.call({
      method: "PATCH",
      url: `/classes/${classId(1)}`,
      as: ADMIN,
      payload: { class_name: "Junior Soccer Camp" },
    });
    expect(await names(b)).toBe("Junior Soccer Camp");
    expect(
      (await b.call({ method: "GET", url: "/classes", headers: { "if-none-match": String(etag) } })).statusCode,
    ).toBe(200);
  });
});
