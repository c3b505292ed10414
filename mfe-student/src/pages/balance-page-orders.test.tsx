/*
 * My Balance with a booking the academy's office made (over HTTP to the remotes' test server,
 * shared-auth/testing): with no payment plan, the balance shows as a card with Pay by card; a
 * balance paid meanwhile says so and the balance is read again; a refusal is said in words.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Balance } from "../features/balance/balance-api";
import BalancePage from "./balance-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const noPlans = { owedCents: 0, next: null, atRisk: false, plans: [] };
const owing: Pick<Balance, "orders"> = {
  orders: [
    {
      orderId: "o-1",
      totalCents: 40_000,
      paidCents: 15_000,
      owedCents: 25_000,
      dueDay: "2027-04-01",
      overdue: true,
      status: "partially paid",
      seats: [{ className: "Kayak Week", camperName: "Cai Rivera" }],
    },
  ],
};

const renderPage = () =>
  render(
    <AppProviders path="/dashboard/balance">
      <BalancePage />
    </AppProviders>,
  );

describe("My Balance with a balance left at the front desk", () => {
  it("shows it with no plan at all, and a balance paid meanwhile reads the balance again", async () => {
    let reads = 0;
    api.on("GET /balance", { body: noPlans });
    api.on("GET /balance/orders", () => ({ body: ++reads === 1 ? owing : { orders: [] } }));
    api.on("POST /balance/orders/o-1/pay", { body: { paid: true } });
    renderPage();
    expect((await screen.findByTestId("balance-summary")).textContent).toBe(
      "Still to pay: $250.00. Overdue: $250.00 was due by 1 April 2027: you can pay it now below.",
    );
    const card = screen.getByRole("listitem", { name: "Overdue: $250.00 was due by 1 April 2027" });
    expect(within(card).getByText(/Kayak Week \(Cai Rivera\)/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use another card" })).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: /^Pay \$250\.00 by card/ }));
    expect(await screen.findByText("Paid $250.00 for Kayak Week. Thank you.")).toBeTruthy();
    // Read again: nothing is owed now.
    expect(await screen.findByRole("heading", { name: "Nothing to pay later" })).toBeTruthy();
    expect(api.calls("POST /balance/orders/o-1/pay")).toHaveLength(1);
  });

  it("says why the payment could not be opened, in the server's words", async () => {
    api.on("GET /balance", { body: noPlans });
    api.on("GET /balance/orders", { body: owing });
    api.on("POST /balance/orders/o-1/pay", {
      status: 409,
      body: { statusCode: 409, error: "Conflict", message: "This booking has nothing left to pay." },
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: /^Pay \$250\.00 by card/ }));
    const panel = await screen.findByRole("region", { name: "Pay this balance by card" });
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "The payment could not be opened: This booking has nothing left to pay.",
    );
  });
});
