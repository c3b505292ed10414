/*
 * My Balance over HTTP to the remotes' test server (shared-auth/testing): a refused charge says so
 * in the summary and offers Pay now; the failure e-mail's link (?pay=<id>) opens its payment; a
 * charge paid meanwhile (elsewhere, or by the worker's retry) says Paid without a card form.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Balance } from "shared-auth/wire";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import BalancePage from "./balance-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  // No booking made at the front desk: its balances are another route's answer.
  api.on("GET /balance/orders", { body: { orders: [] } });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const REFUSED = "9a0c2f4e-1b2d-4c5e-8f70-123456789abc";
const balance: Balance = {
  owedCents: 30_000,
  next: { due: "2027-02-17", amountCents: 10_000 },
  atRisk: false,
  plans: [
    {
      orderId: "o-1",
      name: "Three payments",
      summary: "25% today, then two payments",
      totalCents: 40_000,
      paidCents: 10_000,
      refundedCents: 0,
      owedCents: 30_000,
      seats: [{ className: "Kayak Week", camperName: "Cai Rivera" }],
      instalments: [
        {
          _id: REFUSED,
          due: "2027-02-17",
          amountCents: 10_000,
          status: "failed",
          problem: "Your bank declined the card.",
          nextAttemptAt: "2027-02-19T08:00:00.000Z",
          atRisk: false,
        },
        {
          _id: "i-2",
          due: "2027-03-28",
          amountCents: 20_000,
          status: "scheduled",
          problem: null,
          nextAttemptAt: null,
          atRisk: false,
        },
      ],
    },
  ],
};

const renderPage = (path = "/dashboard/balance") =>
  render(
    <AppProviders path={path}>
      <BalancePage />
    </AppProviders>,
  );

describe("My Balance with a refused charge", () => {
  it("says the payment was not taken, when it is tried again in the academy's days, and offers Pay now", async () => {
    api.on("GET /balance", { body: balance });
    api.on(`POST /balance/instalments/${REFUSED}/pay`, { body: { paid: true } });
    renderPage();
    expect((await screen.findByTestId("balance-summary")).textContent).toBe(
      "Still to pay: $300.00. A payment of $100.00 could not be taken: you can pay it now below.",
    );
    const plan = screen.getByRole("listitem", { name: "Three payments" });
    expect(within(plan).getByText(/Not paid: Your bank declined the card\. We will try again on/).textContent).toMatch(
      /19 February 2027/,
    );
    const pay = within(plan).getByRole("button", { name: "Pay now: $100.00 due 17 February 2027" });
    // Only the refused charge has one.
    expect(within(plan).getAllByRole("button", { name: /^Pay now/ })).toHaveLength(1);
    await userEvent.click(pay);
    const panel = await screen.findByRole("region", { name: "Pay this payment now" });
    // Paid meanwhile: no card form, the page says so.
    expect(
      await within(panel).findByText("Paid. Thank you: the card you used pays your later payments too."),
    ).toBeTruthy();
    expect(api.calls(`POST /balance/instalments/${REFUSED}/pay`)).toHaveLength(1);
  });

  it("the failure e-mail's link opens the payment of its charge; a refusal of it is said in words", async () => {
    api.on("GET /balance", { body: balance });
    api.on(`POST /balance/instalments/${REFUSED}/pay`, {
      status: 409,
      body: {
        statusCode: 409,
        error: "Conflict",
        message: "This payment was replaced by a newer attempt or cancelled by the academy: look at My Balance again.",
      },
    });
    renderPage(`/dashboard/balance?pay=${REFUSED}`);
    const panel = await screen.findByRole("region", { name: "Pay this payment now" });
    expect((await within(panel).findByRole("alert")).textContent).toMatch(
      /^The payment could not be opened: This payment was replaced by a newer attempt/,
    );
    await userEvent.click(within(panel).getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("region", { name: "Pay this payment now" })).toBeNull();
  });

  it("Use another card says why the card cannot be changed, in the server's words", async () => {
    api.on("GET /balance", { body: balance });
    api.on("POST /balance/card", {
      status: 409,
      body: {
        statusCode: 409,
        error: "Conflict",
        message: "None of your payment plans has a payment still to come: there is no card to change.",
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Use another card" }));
    const panel = await screen.findByRole("region", { name: "Use another card for your payments" });
    expect((await within(panel).findByRole("alert")).textContent).toMatch(
      /^The card cannot be changed now: None of your payment plans has a payment still to come/,
    );
    expect(api.calls("POST /balance/card")).toHaveLength(1);
  });

  it("pays the rest of a plan ahead after asking once, with the saved card", async () => {
    api.on("GET /balance", { body: balance });
    api.on("POST /balance/pay-early", { body: balance });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Pay the rest now ($200.00)" }));
    const ask = screen.getByRole("group", { name: "Pay the rest now ($200.00)" });
    expect(ask.textContent).toMatch(/Charge \$200\.00 to your saved card now\?/);
    expect(api.calls("POST /balance/pay-early")).toHaveLength(0);
    await userEvent.click(within(ask).getByRole("button", { name: "Charge now" }));
    expect(await screen.findByText(/Your saved card is being charged \$200\.00/)).toBeTruthy();
    expect(api.calls("POST /balance/pay-early")[0]!.body).toEqual({ orderId: "o-1" });
  });
});
