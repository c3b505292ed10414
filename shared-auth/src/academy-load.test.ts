import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STARTING_ACADEMY, type AcademyFacts } from "./academy-facts";
import { loadAcademyFacts, showAcademyFacts } from "./academy-load";
import { ACADEMY_FACTS_KEY, academyStore, createAcademyStore } from "./store";

const renamed: AcademyFacts = {
  ...STARTING_ACADEMY,
  name: "Lakeside Kids Camp",
  addressLines: ["9 Shore Road", "Bend, OR 97701"],
  socialLinks: { instagram: "https://www.instagram.com/lakeside" },
};

// A real HTTP server stands in for the API's one public route; what it answers is set per test.
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify(renamed) };
let server: Server;
let apiUrl = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== "/academy") return response.writeHead(404).end();
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  localStorage.clear();
  academyStore.setState({ academy: STARTING_ACADEMY, env: { apiUrl } });
});

describe("the academy's facts in the browser", () => {
  it("shows what the API answers and keeps it for the next visit", async () => {
    answer = { status: 200, body: JSON.stringify(renamed) };
    await loadAcademyFacts();
    expect(academyStore.getState().academy.name).toBe("Lakeside Kids Camp");
    // The next page load starts with them, before any answer.
    expect(createAcademyStore().getState().academy).toEqual(renamed);
  });

  it("keeps what the page shows when the API refuses, is busy or answers nonsense", async () => {
    showAcademyFacts(renamed);
    for (const refusal of [
      { status: 503, body: JSON.stringify({ error: "Service Unavailable", message: "Very busy" }) },
      { status: 200, body: "<html>not json</html>" },
    ]) {
      answer = refusal;
      await loadAcademyFacts();
      expect(academyStore.getState().academy).toEqual(renamed);
    }
  });

  it("asks nothing before the page knows where the API is", async () => {
    academyStore.setState({ env: null });
    answer = { status: 200, body: JSON.stringify(renamed) };
    await loadAcademyFacts();
    expect(academyStore.getState().academy).toEqual(STARTING_ACADEMY);
  });

  it("starts from the starting facts when what was kept is missing or unreadable", () => {
    expect(createAcademyStore().getState().academy).toEqual(STARTING_ACADEMY);
    for (const kept of ["{not json", JSON.stringify({ name: 7 }), JSON.stringify(["a"]), "null"]) {
      localStorage.setItem(ACADEMY_FACTS_KEY, kept);
      expect(createAcademyStore().getState().academy, kept).toEqual(STARTING_ACADEMY);
    }
  });
});
