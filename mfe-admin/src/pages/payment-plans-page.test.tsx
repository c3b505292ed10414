import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentPlan } from "../lib/plans";
import PaymentPlansPage from "./payment-plans-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const plan = (over: Partial<PaymentPlan>): PaymentPlan => ({
  _id: "p-1",
  name: "Two payments",
  deposit: { percent: 50 },
  instalments: [{ due: { daysBeforeStart: 30 } }],
  summary: "50% today, the rest 30 days before the first day",
  cutoffDays: 21,
  classIds: [],
  classes: [],
  minOrderCents: 0,
  paused: false,
  ...over,
});

const renderPage = () =>
  render(
    <AppProviders path="/dashboard/payment-plans">
      <PaymentPlansPage />
    </AppProviders>,
  );

describe("the payment plans list", () => {
  it("says who each plan is for, its minimum, its cut-off and whether it is offered; user text as text", async () => {
    api.on("GET /payment-plans", {
      body: [
        plan({}),
        plan({
          _id: "p-2",
          name: "<b>Swim</b> in three",
          classIds: ["c-1", "c-2"],
          classes: [
            { _id: "c-1", name: "Swim Starters" },
            { _id: "c-2", name: null },
          ],
          minOrderCents: 40_050,
          cutoffDays: 45,
          paused: true,
        }),
      ],
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Payment plans" });
    const cells = (name: string) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr")!)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells("Two payments").slice(0, 5)).toEqual([
      "50% today, the rest 30 days before the first day",
      "All classes",
      "Any order",
      "Until 21 days before the first day",
      "Offered",
    ]);
    expect(cells("<b>Swim</b> in three").slice(1, 5)).toEqual([
      "Swim Starters, A deleted class",
      "Orders from $400.50",
      "Until 45 days before the first day",
      "Paused",
    ]);
    expect(within(table).getByRole("button", { name: "Resume <b>Swim</b> in three" })).toBeTruthy();
    // Phones get cards with the same facts.
    const cards = screen.getByRole("list", { name: "Payment plans" });
    expect(
      within(cards)
        .getAllByTestId("plan-for")
        .map((p) => p.textContent),
    ).toEqual(["For: All classes", "For: Swim Starters, A deleted class"]);
  });

  it("says when the plans could not be loaded, and tries again", async () => {
    // A refusal is not tried again by itself (a 5xx is, after a wait): the page says so at once.
    api.on("GET /payment-plans", { status: 403, body: { error: "Forbidden", message: "Only admins manage plans." } });
    api.on("GET /admin/plan-settings", {
      body: { graceDays: 7, atRiskAction: "keep", retries: 3, retryDays: 2, text: "Kept." },
    });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/The payment plans could not be loaded/);
    api.on("GET /payment-plans", { body: [] });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No payment plans yet: families pay in full.")).toBeTruthy();
  });
});

describe("the rule for refused payments", () => {
  const keep = {
    graceDays: 7,
    atRiskAction: "keep",
    retries: 3,
    retryDays: 2,
    text: "A refused charge is tried again 3 times, 2 days apart. When a plan's charge is refused and no attempt is left, its seats are kept and the office follows up with the family.",
  };

  it("says the rule in force; set to cancel, asks for the grace days, checks them, and saves the server's words", async () => {
    api.on("GET /payment-plans", { body: [] });
    api.on("GET /admin/plan-settings", { body: keep });
    api.on("PATCH /admin/plan-settings", (request) => ({
      body: {
        ...(request.body as object),
        text: "When a plan's charge is refused and no attempt is left, its seats not yet paid in full are cancelled 10 days after the last refused charge, with the cancellation policy's refund of what was paid.",
      },
    }));
    renderPage();
    const form = await screen.findByRole("form", { name: "Refused payments" });
    expect((await within(form).findByTestId("plan-risk-text")).textContent).toMatch(/seats are kept/);
    expect(within(form).queryByLabelText("Grace period (days)")).toBeNull();

    await userEvent.click(within(form).getByLabelText(/Cancel the seats not paid in full/));
    const grace = within(form).getByLabelText("Grace period (days)");
    await userEvent.clear(grace);
    await userEvent.type(grace, "91");
    await userEvent.click(within(form).getByRole("button", { name: "Save rule" }));
    expect(within(form).getByText("A whole number of days from 0 to 90.")).toBeTruthy();
    expect(grace.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls("PATCH /admin/plan-settings")).toHaveLength(0);

    await userEvent.clear(grace);
    await userEvent.type(grace, "10");
    await userEvent.click(within(form).getByRole("button", { name: "Save rule" }));
    expect(await within(form).findByText(/cancelled 10 days after the last refused charge/)).toBeTruthy();
    expect(api.calls("PATCH /admin/plan-settings")[0]!.body).toEqual({
      atRiskAction: "cancel",
      graceDays: 10,
      retries: 3,
      retryDays: 2,
    });
    expect(screen.getByRole("link", { name: "Balances due" }).getAttribute("href")).toBe("/dashboard/balances");
  });

  it("sets how often and how far apart a refused charge is tried again, each field checked", async () => {
    api.on("GET /payment-plans", { body: [] });
    api.on("GET /admin/plan-settings", { body: keep });
    api.on("PATCH /admin/plan-settings", (request) => ({
      body: {
        ...(request.body as object),
        text: "A refused charge is tried again 5 times, 3 days apart. When a plan's charge is refused and no attempt is left, its seats are kept and the office follows up with the family.",
      },
    }));
    renderPage();
    const form = await screen.findByRole("form", { name: "Refused payments" });
    const retries = await within(form).findByLabelText("Tries after a refused charge");
    const apart = within(form).getByLabelText("Days between tries");
    expect((retries as HTMLInputElement).value).toBe("3");
    expect((apart as HTMLInputElement).value).toBe("2");

    await userEvent.clear(retries);
    await userEvent.type(retries, "11");
    await userEvent.clear(apart);
    await userEvent.type(apart, "0");
    await userEvent.click(within(form).getByRole("button", { name: "Save rule" }));
    expect(within(form).getByText("A whole number from 0 to 10.")).toBeTruthy();
    expect(within(form).getByText("A whole number of days from 1 to 14.")).toBeTruthy();
    expect(retries.getAttribute("aria-invalid")).toBe("true");
    expect(apart.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls("PATCH /admin/plan-settings")).toHaveLength(0);

    await userEvent.clear(retries);
    await userEvent.type(retries, "5");
    await userEvent.clear(apart);
    await userEvent.type(apart, "3");
    await userEvent.click(within(form).getByRole("button", { name: "Save rule" }));
    expect(await within(form).findByText(/tried again 5 times, 3 days apart/)).toBeTruthy();
    expect(retries.getAttribute("aria-invalid")).toBeNull();
    expect(api.calls("PATCH /admin/plan-settings")[0]!.body).toEqual({
      atRiskAction: "keep",
      graceDays: 7,
      retries: 5,
      retryDays: 3,
    });
  });
});
