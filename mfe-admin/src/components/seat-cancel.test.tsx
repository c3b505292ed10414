import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SeatCancel } from "./seat-cancel";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /enrollments/e-1/cancellation", {
    body: {
      _id: "e-1",
      classId: "c-1",
      class_name: "Junior Tennis",
      camper: "Mia Rivera",
      camperId: "k-1",
      start_date: "2027-07-05",
      end_date: "2027-07-09",
      enrolledAt: "2027-03-01T10:00:00.000Z",
      paid: 149,
      refunded: 0,
      atTheDesk: false,
      cancellation: {
        refund: 149,
        refundCents: 14_900,
        paidCents: 14_900,
        refundedCents: 0,
        percent: 100,
        feeCents: 0,
        window: "full",
        daysBefore: 30,
        noCard: false,
        policyRefundCents: 14_900,
        discountGivenBackCents: 0,
        earlierReturnedCents: 0,
        cancellable: true,
        text: "The whole price back.",
      },
    },
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

describe("cancelling a seat", () => {
  it("checks the amount and the reason before sending: each problem beside its field, a summary by the button", async () => {
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/allusers">
        <SeatCancel enrollmentId="e-1" label="Mia Rivera, Junior Tennis" onDone={() => {}} />
      </AppProviders>,
    );
    await user.click(screen.getByRole("button", { name: "Cancel seat: Mia Rivera, Junior Tennis" }));
    const form = await screen.findByRole("form", { name: "Cancel seat: Mia Rivera, Junior Tennis" });
    await user.click(within(form).getByRole("radio", { name: "Another amount" }));
    await user.type(within(form).getByLabelText("Amount ($)"), "500");
    await user.click(within(form).getByRole("button", { name: "Cancel the seat" }));

    const amount = within(form).getByLabelText("Amount ($)");
    const reason = within(form).getByLabelText(/^Reason/);
    for (const [input, message] of [
      [amount, "At most $149.00 of this seat is left to refund."],
      [reason, "Say why, for the record."],
    ] as const) {
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe(message);
    }
    const summary = within(form).getByRole("alert");
    expect(summary.textContent).toBe("2 fields need another look: Amount, Reason.");
    expect(summary.nextElementSibling?.contains(within(form).getByRole("button", { name: "Cancel the seat" }))).toBe(
      true,
    );
    expect(document.activeElement).toBe(amount);
    expect(api.calls("POST /enrollments/e-1/cancel")).toHaveLength(0);
  });

  it("asks how the office gives a front-desk booking's refund back, and sends it", async () => {
    const user = userEvent.setup();
    const quote = (await (await fetch(`${api.url}/enrollments/e-1/cancellation`)).json()) as Record<string, unknown>;
    api.on("GET /enrollments/e-1/cancellation", { body: { ...quote, atTheDesk: true } });
    api.on("POST /enrollments/e-1/cancel", {
      body: {
        cancelled: true,
        message: "The seat is cancelled. $149.00 is recorded as given back by cheque no. 2077.",
      },
    });
    render(
      <AppProviders path="/dashboard/allusers">
        <SeatCancel enrollmentId="e-1" label="Mia Rivera, Junior Tennis" onDone={() => {}} />
      </AppProviders>,
    );
    await user.click(screen.getByRole("button", { name: "Cancel seat: Mia Rivera, Junior Tennis" }));
    const form = await screen.findByRole("form", { name: "Cancel seat: Mia Rivera, Junior Tennis" });
    expect(within(form).getByRole("group", { name: "Refund handed back by the office" })).toBeTruthy();
    await user.click(within(form).getByRole("radio", { name: "Cheque" }));
    await user.type(within(form).getByLabelText(/^Reason/), "Moved away");
    await user.click(within(form).getByRole("button", { name: "Cancel the seat" }));
    const number = within(form).getByLabelText("Cheque number");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(number);
    await user.type(number, "2077");
    await user.click(within(form).getByRole("button", { name: "Cancel the seat" }));
    expect(await screen.findByText(/recorded as given back by cheque no\. 2077\./)).toBeTruthy();
    expect(api.calls("POST /enrollments/e-1/cancel").map((r) => r.body)).toEqual([
      { refundCents: 14_900, reason: "Moved away", refundMethod: "cheque", refundReference: "2077" },
    ]);
  });
});
