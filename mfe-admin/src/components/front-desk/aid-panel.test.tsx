/*
 * Financial aid on the desk's first screen, over HTTP to the remotes' test server
 * (shared-auth/testing): set a season up, read a family's statement only when asked, award in
 * cents and hear the budget's refusal in the API's words, decline with a note, pick a season.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { academyToday } from "shared-auth/academy-time";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminAidApplication, AdminAidOverview, AidSeason } from "../../lib/aid-types";
import { AidPanel } from "./aid-panel";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
});

const season2027: AidSeason = {
  season: 2027,
  budgetCents: 500_000,
  camperCapCents: 40_000,
  awardedCents: 480_000,
  usedCents: 30_000,
  open: true,
  intro: "Ask early.",
};
const mia: AdminAidApplication = {
  _id: "app-1",
  season: 2027,
  camperId: "mia",
  camperName: "Mia Rivera",
  status: "pending",
  householdSize: 4,
  requestedCents: 35_000,
  awardCents: null,
  awardPercent: null,
  usedCents: 0,
  leftCents: 0,
  decisionNote: null,
  createdAt: "2027-03-03T18:00:00.000Z",
  familyId: "f-1",
  familyName: "<b>Ana</b> Rivera",
  familyEmail: "ana@example.com",
};
const leo: AdminAidApplication = { ...mia, _id: "app-2", camperId: "leo", camperName: "Leo Rivera" };

/** What GET /admin/aid answers, whatever season is asked for unless a test says otherwise. */
let overview: AdminAidOverview;
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  overview = { seasons: [season2027], season: season2027, applications: [mia, leo] };
  api.on("GET /admin/aid", () => ({ body: overview }));
});

const renderPanel = async () => {
  render(
    <AppProviders path="/dashboard/front-desk">
      <AidPanel />
    </AppProviders>,
  );
  const user = userEvent.setup();
  const panel = await screen.findByRole("region", { name: "Financial aid" });
  await waitFor(() => expect(within(panel).queryByRole("status", { name: "Loading financial aid" })).toBeNull());
  return { user, panel };
};

/** The row (a card on a narrow screen) of one camper's application. */
const rowOf = (panel: HTMLElement, camper: string) =>
  within(panel).getByRole("rowheader", { name: camper }).closest("tr")!;

describe("financial aid at the front desk", () => {
  it("sets up next year's season when there is none, in cents", async () => {
    overview = { seasons: [], season: null, applications: [] };
    const next = Number(academyToday().slice(0, 4)) + 1;
    api.on(`PUT /admin/aid/seasons/${next}`, ({ body }) => {
      const saved = { season: next, awardedCents: 0, usedCents: 0, ...(body as object) } as AidSeason;
      overview = { seasons: [saved], season: saved, applications: [] };
      return { body: saved };
    });
    const { user, panel } = await renderPanel();
    const form = await within(panel).findByRole("form", { name: "Set up financial aid" });
    expect(within(form).getByLabelText("Camp year")).toHaveProperty("value", String(next));

    await user.click(within(form).getByRole("button", { name: "Set up the season" }));
    expect(document.activeElement).toBe(within(form).getByLabelText("Budget ($)"));
    expect(api.calls(`PUT /admin/aid/seasons/${next}`)).toHaveLength(0);

    await user.type(within(form).getByLabelText("Budget ($)"), "5,000");
    await user.type(within(form).getByLabelText("Most per camper ($)"), "400.50");
    await user.type(within(form).getByLabelText("Words for families (optional)"), "Ask by May.");
    await user.click(within(form).getByLabelText("Open: families can apply"));
    await user.click(within(form).getByRole("button", { name: "Set up the season" }));

    const status = await within(panel).findByText(`Financial aid for ${next} is set up.`);
    expect(document.activeElement).toBe(status);
    expect(api.calls(`PUT /admin/aid/seasons/${next}`).map((r) => r.body)).toEqual([
      { budgetCents: 500_000, camperCapCents: 40_050, open: true, intro: "Ask by May." },
    ]);
    expect(
      await within(panel).findByText(`${next}: Budget $5,000.00 · awarded $0.00 · used $0.00 · left $5,000.00`),
    ).toBeTruthy();
    expect(within(panel).getByText(`No family has applied for ${next} yet.`)).toBeTruthy();
  });

  it("reads a family's statement only when asked, as plain text", async () => {
    api.on("GET /admin/aid/applications/app-1", { body: { ...mia, statement: "<i>Two</i> of us\nlost our jobs." } });
    const { user, panel } = await renderPanel();
    expect(
      within(panel).getByText("2027: Budget $5,000.00 · awarded $4,800.00 · used $300.00 · left $200.00"),
    ).toBeTruthy();
    const row = rowOf(panel, "Mia Rivera");
    expect(within(row).getByText("<b>Ana</b> Rivera")).toBeTruthy();
    expect(within(row).getByText("$350.00")).toBeTruthy();
    expect(api.calls("GET /admin/aid/applications/app-1")).toHaveLength(0);

    await user.click(within(row).getByRole("button", { name: "Read: Mia Rivera" }));
    const statement = await within(panel).findByText(/<i>Two<\/i> of us/);
    expect(statement.textContent).toBe("<i>Two</i> of us\nlost our jobs.");
    expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: "Statement for Mia Rivera" }));
    expect(api.calls("GET /admin/aid/applications/app-1")).toHaveLength(1);

    await user.click(within(panel).getByRole("button", { name: "Close the statement" }));
    expect(within(panel).queryByText(/<i>Two<\/i> of us/)).toBeNull();
  });

  it("awards in cents, says the budget's refusal as the API words it, then awards what is left", async () => {
    api.on("POST /admin/aid/applications/app-1/award", {
      status: 409,
      body: { error: "Conflict", message: "The 2027 budget has only $200.00 left to award." },
    });
    const { user, panel } = await renderPanel();
    await user.click(within(rowOf(panel, "Mia Rivera")).getByRole("button", { name: "Award: Mia Rivera" }));
    const form = within(panel).getByRole("form", { name: "Award aid to Mia Rivera" });
    expect(document.activeElement).toBe(within(form).getByRole("heading", { name: "Award aid to Mia Rivera" }));
    const amount = within(form).getByLabelText("Amount ($)");
    // What the family asked for, which is under the cap.
    expect(amount).toHaveProperty("value", "350.00");

    // Above the cap: said before anything is sent.
    await user.clear(amount);
    await user.type(amount, "450");
    await user.click(within(form).getByRole("button", { name: "Award" }));
    expect(within(form).getByText("The most one camper can get this season is $400.00.")).toBeTruthy();
    expect(amount.getAttribute("aria-describedby")).toContain("-problem");
    expect(document.activeElement).toBe(amount);
    expect(api.calls("POST /admin/aid/applications/app-1/award")).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "300.50");
    await user.type(within(form).getByLabelText("Percent of each seat (optional)"), "50");
    await user.type(within(form).getByLabelText("Note to the family (optional)"), "For the swim week.");
    await user.click(within(form).getByRole("button", { name: "Award" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "The 2027 budget has only $200.00 left to award.",
    );
    expect(api.calls("POST /admin/aid/applications/app-1/award").map((r) => r.body)).toEqual([
      { amountCents: 30_050, percent: 50, note: "For the swim week." },
    ]);

    const awarded = { ...mia, status: "awarded" as const, awardCents: 20_000, awardPercent: 50, leftCents: 20_000 };
    api.on("POST /admin/aid/applications/app-1/award", () => {
      overview = {
        ...overview,
        season: { ...season2027, awardedCents: 500_000 },
        applications: [awarded, leo],
      };
      return { body: awarded };
    });
    await user.clear(amount);
    await user.type(amount, "200");
    await user.click(within(form).getByRole("button", { name: "Award" }));

    const status = await within(panel).findByText("Mia Rivera (<b>Ana</b> Rivera): awarded $200.00.");
    expect(document.activeElement).toBe(status);
    const row = rowOf(panel, "Mia Rivera");
    expect(within(row).getByText("Awarded")).toBeTruthy();
    expect(within(row).getByText("$200.00, up to 50% of each seat; $0.00 used")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Award: Mia Rivera" })).toBeNull();
    expect(await within(panel).findByText(/left \$0\.00$/)).toBeTruthy();
  });

  it("changes an award: opens with it, refuses less than it pays before sending, then down to what it pays", async () => {
    const awarded = {
      ...mia,
      status: "awarded" as const,
      awardCents: 20_000,
      awardPercent: 50,
      usedCents: 0,
      leftCents: 20_000,
      decisionNote: "For the swim week.",
    };
    const paying = { ...awarded, _id: "app-3", camperId: "ivy", camperName: "Ivy Rivera", usedCents: 6_000 };
    overview = { ...overview, applications: [awarded, paying] };
    api.on("POST /admin/aid/applications/app-3/change", () => ({
      body: { ...paying, awardCents: 6_000, leftCents: 0 },
    }));
    const { user, panel } = await renderPanel();
    // Only an award can be changed.
    expect(within(panel).queryByRole("button", { name: "Change award: Leo Rivera" })).toBeNull();
    await user.click(within(rowOf(panel, "Ivy Rivera")).getByRole("button", { name: "Change award: Ivy Rivera" }));
    const form = within(panel).getByRole("form", { name: "Change Ivy Rivera's award" });
    const amount = within(form).getByLabelText("Amount ($)");
    expect(amount).toHaveProperty("value", "200.00");
    expect(within(form).getByLabelText("Percent of each seat (optional)")).toHaveProperty("value", "50");
    expect(within(form).getByLabelText("Note to the family (optional)")).toHaveProperty("value", "For the swim week.");
    expect(form.textContent).toContain("of which $60.00 pays for booked seats");

    await user.clear(amount);
    await user.type(amount, "59.99");
    await user.click(within(form).getByRole("button", { name: "Save the change" }));
    expect(within(form).getByText("It already pays $60.00 for booked seats: at least that.")).toBeTruthy();
    expect(api.calls("POST /admin/aid/applications/app-3/change")).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "60");
    await user.click(within(form).getByRole("button", { name: "Save the change" }));
    expect(await within(panel).findByText("Ivy Rivera (<b>Ana</b> Rivera): the award is now $60.00.")).toBeTruthy();
    expect(api.calls("POST /admin/aid/applications/app-3/change").map((r) => r.body)).toEqual([
      { amountCents: 6_000, percent: 50, note: "For the swim week." },
    ]);
  });

  it("declines with a note the family reads", async () => {
    api.on("POST /admin/aid/applications/app-2/decline", ({ body }) => ({
      body: { ...leo, status: "declined", decisionNote: (body as { note: string }).note },
    }));
    const { user, panel } = await renderPanel();
    await user.click(within(rowOf(panel, "Leo Rivera")).getByRole("button", { name: "Decline: Leo Rivera" }));
    const form = within(panel).getByRole("form", { name: "Decline Leo Rivera's application" });
    await user.click(within(form).getByRole("button", { name: "Decline" }));
    expect(within(form).getByText("Say why, in words the family will read.")).toBeTruthy();
    expect(api.calls("POST /admin/aid/applications/app-2/decline")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Note to the family"), " The budget is spent. ");
    await user.click(within(form).getByRole("button", { name: "Decline" }));
    expect(await within(panel).findByText("Leo Rivera (<b>Ana</b> Rivera): declined.")).toBeTruthy();
    expect(api.calls("POST /admin/aid/applications/app-2/decline").map((r) => r.body)).toEqual([
      { note: "The budget is spent." },
    ]);
  });

  it("shows another season when picked, and says a budget below what is awarded as the API words it", async () => {
    const season2026 = { ...season2027, season: 2026, open: false, intro: null };
    overview = { ...overview, seasons: [season2027, season2026] };
    api.on("GET /admin/aid", ({ query }) =>
      query.get("season") === "2026"
        ? { body: { seasons: overview.seasons, season: season2026, applications: [] } }
        : { body: overview },
    );
    api.on("PUT /admin/aid/seasons/2027", {
      status: 409,
      body: { error: "Conflict", message: "$4,800.00 is already awarded: the budget cannot be less." },
    });
    const { user, panel } = await renderPanel();
    const settings = within(panel).getByRole("form", { name: "Settings for 2027" });
    await user.clear(within(settings).getByLabelText("Budget ($)"));
    await user.type(within(settings).getByLabelText("Budget ($)"), "1000");
    await user.click(within(settings).getByRole("button", { name: "Save" }));
    expect((await within(settings).findByRole("alert")).textContent).toBe(
      "$4,800.00 is already awarded: the budget cannot be less.",
    );
    expect(api.calls("PUT /admin/aid/seasons/2027")[0]?.body).toEqual({
      budgetCents: 100_000,
      camperCapCents: 40_000,
      open: true,
      intro: "Ask early.",
    });

    await user.selectOptions(within(panel).getByLabelText("Season"), "2026");
    expect(await within(panel).findByRole("form", { name: "Settings for 2026" })).toBeTruthy();
    expect(within(panel).getByText("No family has applied for 2026 yet.")).toBeTruthy();
    expect(api.calls("GET /admin/aid").map((r) => r.query.get("season"))).toEqual([null, "2026"]);
  });
});
