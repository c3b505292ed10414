import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_TIMEOUTS, openDatabase, type Database } from "../platform/database/client.js";
import { seedScale } from "../seed/index.js";
import { classPageQuery, instructorPageQuery, instructorsSelect } from "./public-lists.js";
import { classPageSelect } from "./classes.js";
import { seed } from "../seed/index.js";
import { createTestDatabaseUrl, driverName, seedDay } from "../../test/harness.js";

/**
 * The public lists must cost the same with 12 classes or 50,000 (decision 013): one page reads an
 * index in the page's order, never a whole table. PostgreSQL's planner is asked for its plan of
 * every list query on a catalogue of thousands of rows with fresh statistics; a sequential scan
 * of classes or users fails the test. PGlite runs the same SQL but is not what serves the many
 * rows, so this runs on PostgreSQL only.
 */
const onPostgres = driverName === "postgres";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe.skipIf(!onPostgres)("the query plans of the public lists, with 20,000 classes and 20,000 students", () => {
  let database: Database;
  let client: pg.Client;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const target = (await createTestDatabaseUrl())!;
    drop = target.drop;
    // Making 40,000 rows on a busy machine may take longer than a request's statement timeout.
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 120_000, idleInTransactionMs: 120_000 };
    database = await openDatabase({ databaseUrl: target.url, dataDir: "", timeouts });
    await seed(database.db);
    await seedScale(database.db, { classes: 20_000, instructors: 200, students: 20_000 });
    client = new pg.Client({ connectionString: target.url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await database?.close();
    await drop?.();
  });

  async function scans(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = query.toSQL();
    const { rows } = await client.query(`explain (format json) ${sql}`, params);
    const plan = (rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
    return nodes(plan).map((n) => `${n["Node Type"]}${n["Relation Name"] ? ` on ${n["Relation Name"]}` : ""}`);
  }

  const classPages: Record<string, string>[] = [
    {},
    { sort: "newest" },
    { sort: "price" },
    { sort: "price", dir: "desc" },
    { sort: "start" },
    { sort: "start", dir: "desc" },
    { sort: "name" },
    { sort: "popular", dir: "asc" },
    { page: "3" },
    { sport: "tennis" },
    { age: "10" },
    { level: "beginner" },
    { week: seedDay("2027-07-14") },
    { min_price: "60", max_price: "90" },
    { search: "Tennis" },
    { search: "garcia" },
    { sport: "soccer", age: "9" },
    { sport: "swimming", level: "advanced", sort: "start" },
    { age: "12", week: seedDay("2027-07-07"), sort: "price" },
    { search: "camp", sport: "climbing", level: "all", age: "10", min_price: "50", sort: "name" },
  ];

  it.each(classPages)("GET /classes?%o reads no table whole", async (params) => {
    const q = classPageQuery.parse(params);
    const plan = await scans(classPageSelect(database.db, q));
    expect(
      plan.filter((n) => /^Seq Scan on (classes|users)$/.test(n)),
      plan.join(" > "),
    ).toEqual([]);
  });

  it.each([{}, { sort: "name" }, { search: "garcia" }, { page: "2", size: "6" }])(
    "GET /instructors?%o reads no table whole",
    async (params) => {
      const q = instructorPageQuery.parse(params);
      const plan = await scans(instructorsSelect(database.db, q));
      expect(
        plan.filter((n) => /^Seq Scan on (classes|users)$/.test(n)),
        plan.join(" > "),
      ).toEqual([]);
    },
  );

  it("the test would see a sequential scan (the whole-list query reads every approved class)", async () => {
    const { rows } = await client.query(
      "explain (format json) select * from classes where status = 'approved' and details like '%drills%'",
    );
    const plan = nodes((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
    expect(plan.some((n) => n["Node Type"] === "Seq Scan")).toBe(true);
  });
});
