/*
 * What a family reads about its money: Payment History's badge in people's words (the API keeps the
 * spec's "service pending") and Student Home's "Spent", net of refunds to the cent, both from the
 * API's payment records over HTTP (shared-auth/testing).
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import type { PaymentRecord } from "shared-auth";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import PaymentHistoryPage from "./payment-history-page";
import UserHomePage from "./user-home-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
});

const record = (extra: Partial<PaymentRecord>): PaymentRecord => ({
  _id: "p1",
  email: "parent@example.com",
  transactionId: "pi_1",
  price: 100,
  amountCents: 10_000,
  date: "2027-06-01T10:00:00.000Z",
  quantity: 1,
  cartItems: [],
  classItems: ["c1"],
  status: "service pending",
  classNames: ["Soccer Week"],
  camperNames: ["Ava Rivera"],
  image: "",
  refunds: [],
  refunded: 0,
  refundedCents: 0,
  ...extra,
});

beforeEach(() => {
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  api.on("GET /payments", {
    body: [
      record({}),
      // $228.99 paid, $149.00 of it refunded when a seat was cancelled.
      record({
        _id: "p2",
        transactionId: "pi_2",
        price: 228.99,
        amountCents: 22_899,
        status: "partially refunded",
        classNames: ["Tennis Camp", "Swim Starters"],
        camperNames: ["Ava Rivera", "Ava Rivera"],
        classItems: ["c2", "c3"],
        refunds: [{ amount: 149, status: "succeeded", date: "2027-06-03T10:00:00.000Z" }],
        refunded: 149,
        refundedCents: 14_900,
      }),
    ],
  });
  api.on("GET /carts", { body: [] });
  api.on("GET /enrolled", { body: [] });
  api.on("GET /campers", { body: [] });
});

describe("a family's money", () => {
  it("Payment History badges a recorded payment Paid, and a refunded one in plain words", async () => {
    render(
      <AppProviders path="/dashboard/paymenthistory">
        <PaymentHistoryPage />
      </AppProviders>,
    );
    const badges = await screen.findAllByTestId("payment-status");
    expect(badges.map((b) => b.textContent)).toEqual(["Paid", "Partly refunded"]);
    expect(screen.queryByText("service pending")).toBeNull();
  });

  it("Student Home's Spent is what was paid less what was refunded, to the cent", async () => {
    render(
      <AppProviders path="/dashboard/userhome">
        <UserHomePage />
      </AppProviders>,
    );
    const spent = (await screen.findByText("Spent")).closest("li")!;
    // $100.00 + $228.99 - $149.00
    expect(await within(spent).findByText("$179.99")).toBeTruthy();
  });
});
