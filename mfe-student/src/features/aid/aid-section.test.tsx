/*
 * Financial aid on My Campers, over HTTP to the remotes' test server (shared-auth/testing): a
 * family applies for a camper and sees it pending, the API's refusals land under the fields they
 * name, decisions read in plain words, and an academy without aid shows nothing.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { queryClient } from "shared-auth/queries";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AidSection } from "./aid-section";
import type { AidApplication, AidApplicationInput, FamilyAid, FamilyAidSeason } from "./aid-types";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
});

const season: FamilyAidSeason = {
  season: 2027,
  open: true,
  intro: "<b>Ask</b> early.\nWe answer within two weeks.",
  camperCapCents: 40_000,
};
const campers = [
  { _id: "mia", name: "Mia Rivera" },
  { _id: "leo", name: "Leo Rivera" },
];
const application = (over: Partial<AidApplication>): AidApplication => ({
  _id: "app-1",
  season: 2027,
  camperId: "mia",
  camperName: "Mia Rivera",
  status: "pending",
  householdSize: 4,
  requestedCents: 25_050,
  awardCents: null,
  awardPercent: null,
  usedCents: 0,
  leftCents: 0,
  decisionNote: null,
  createdAt: "2027-03-03T18:00:00.000Z",
  ...over,
});

/** What GET /aid answers: changed by a test, or by a POST the test's route accepts. */
let aid: FamilyAid;
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  aid = { season, campers, applications: [] };
  api.on("GET /aid", () => ({ body: aid }));
});

const renderSection = () => {
  const view = render(
    <AppProviders path="/dashboard/campers">
      <AidSection />
    </AppProviders>,
  );
  return { ...view, user: userEvent.setup() };
};

describe("Financial aid on My Campers", () => {
  it("shows nothing when the academy offers no aid", async () => {
    aid = { season: null, campers, applications: [] };
    const { container } = renderSection();
    // Once the answer is read (no query still fetching), the section renders nothing.
    await waitFor(() => expect(api.calls("GET /aid")).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.innerHTML).toBe("");
  });

  it("lets a family apply for a camper, in dollars sent as cents, and shows it pending", async () => {
    const answer = gate();
    api.on("POST /aid/applications", async ({ body }) => {
      await answer.promise;
      const input = body as AidApplicationInput;
      const sent = application({ householdSize: input.householdSize, requestedCents: input.requestedCents });
      aid = { ...aid, applications: [sent] };
      return { status: 201, body: sent };
    });
    const { user } = renderSection();
    const section = await screen.findByRole("region", { name: "Financial aid for 2027" });
    // The academy's words are text: its markup shows as typed.
    expect(within(section).getByText(/<b>Ask<\/b> early\./)).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: "Apply for Mia Rivera" }));
    const form = within(section).getByRole("form", { name: "Apply for Mia Rivera" });
    expect(document.activeElement).toBe(within(form).getByLabelText("People in your household"));
    // One form at a time: Leo's button waits.
    expect(within(section).queryByRole("button", { name: "Apply for Leo Rivera" })).toBeNull();
    await user.type(within(form).getByLabelText("People in your household"), "4");
    await user.type(within(form).getByLabelText("Help you need ($)"), "250.50");
    await user.type(within(form).getByLabelText("Your statement"), "  Two of us lost our jobs this spring. ");
    await user.click(within(form).getByRole("button", { name: "Send application" }));

    const sending = await within(form).findByRole("button", { name: "Sending…" });
    expect(sending.getAttribute("aria-disabled")).toBe("true");
    answer.open();

    const status = await within(section).findByText(
      "Your application for Mia Rivera was sent. Pending: the office has not decided yet.",
    );
    expect(status.getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(status);
    expect(api.calls("POST /aid/applications").map((r) => r.body)).toEqual([
      { camperId: "mia", householdSize: 4, requestedCents: 25_050, statement: "Two of us lost our jobs this spring." },
    ]);
    const mia = within(section).getByRole("heading", { name: "Mia Rivera" }).closest("li")!;
    expect(within(mia).getByText("Pending: the office has not decided yet")).toBeTruthy();
    expect(within(mia).getByText("You asked for $250.50 for a household of 4, on 3 March 2027.")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Apply for Leo Rivera" })).toBeTruthy();
  });

  it("checks the form before sending, then shows the API's 400 under the fields it names", async () => {
    const { user } = renderSection();
    await user.click(await screen.findByRole("button", { name: "Apply for Leo Rivera" }));
    const form = screen.getByRole("form", { name: "Apply for Leo Rivera" });
    await user.click(within(form).getByRole("button", { name: "Send application" }));
    expect(await within(form).findByText(/a whole number from 1 to 20/)).toBeTruthy();
    expect(within(form).getByText(/Tell the office about your situation/)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("People in your household"));
    expect(api.calls("POST /aid/applications")).toHaveLength(0);

    api.on("POST /aid/applications", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are invalid.",
        fields: { requestedCents: "Ask for at most the camp's price, $1,200.00.", camperId: "Leo is not your camper." },
      },
    });
    await user.type(within(form).getByLabelText("People in your household"), "3");
    await user.type(within(form).getByLabelText("Help you need ($)"), "5000");
    await user.type(within(form).getByLabelText("Your statement"), "Please.");
    await user.click(within(form).getByRole("button", { name: "Send application" }));

    const amount = within(form).getByLabelText("Help you need ($)");
    const message = await within(form).findByText("Ask for at most the camp's price, $1,200.00.");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(document.activeElement).toBe(amount);
    expect(within(form).getByRole("alert").textContent).toBe("Some fields are invalid. Leo is not your camper.");
    expect(api.calls("POST /aid/applications")[0]?.body).toMatchObject({ camperId: "leo", requestedCents: 500_000 });
  });

  it("says the API's 409 once the list shows the application made meanwhile", async () => {
    api.on("POST /aid/applications", () => {
      // Sent from another tab first: the list read again shows it.
      aid = { ...aid, applications: [application({})] };
      return { status: 409, body: { error: "Conflict", message: "Mia Rivera already applied for 2027." } };
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole("button", { name: "Apply for Mia Rivera" }));
    const form = screen.getByRole("form", { name: "Apply for Mia Rivera" });
    await user.type(within(form).getByLabelText("People in your household"), "4");
    await user.type(within(form).getByLabelText("Help you need ($)"), "100");
    await user.type(within(form).getByLabelText("Your statement"), "Please.");
    await user.click(within(form).getByRole("button", { name: "Send application" }));

    const notice = await screen.findByText("Mia Rivera: nothing was sent. Mia Rivera already applied for 2027.");
    expect(notice.getAttribute("role")).toBe("status");
    expect(await screen.findByText("Pending: the office has not decided yet")).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByRole("button", { name: "Apply for Leo Rivera" })).toBeTruthy();
  });

  it("says each decision in words, and that applications are closed", async () => {
    aid = {
      season: { ...season, open: false, intro: null },
      campers: [...campers, { _id: "ada", name: "Ada Rivera" }],
      applications: [
        application({ status: "awarded", awardCents: 30_000, awardPercent: 50, usedCents: 12_000, leftCents: 18_000 }),
        application({
          _id: "app-2",
          camperId: "leo",
          camperName: "Leo Rivera",
          status: "declined",
          decisionNote: "Late.",
        }),
        // Last season's answer does not speak for this one.
        application({ _id: "app-0", season: 2026, camperId: "ada", camperName: "Ada Rivera", status: "declined" }),
      ],
    };
    renderSection();
    const section = await screen.findByRole("region", { name: "Financial aid for 2027" });
    expect(within(section).getByText("Applications are closed.")).toBeTruthy();
    expect(
      within(section).getByText(
        "Awarded: $300.00 (up to 50% of each seat) — $120.00 used, $180.00 left, taken off this camper's seats at checkout",
      ),
    ).toBeTruthy();
    expect(within(section).getByText("Not awarded: Late.")).toBeTruthy();
    expect(within(section).getByText("No application for 2027.")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: /^Apply for/ })).toBeNull();
  });
});
