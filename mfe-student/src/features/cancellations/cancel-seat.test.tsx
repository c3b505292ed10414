/*
 * The cancel-a-seat dialog of My Enrolled Classes (cancel-seat.ts), driven as a family does: the
 * page, its "Cancel seat" button and SweetAlert2's dialogs, over HTTP to the remotes' test server
 * (shared-auth/testing), which answers with the API's routes, shapes and words (api/src/refunds).
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EnrolledClass } from "shared-auth";
import type { CancelledEnrolment } from "shared-auth/wire";
import { sampleClass } from "shared-auth/testing/fixtures";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import EnrolledClassesPage from "../../pages/enrolled-classes-page";
import type { Cancelled, SeatQuote } from "./cancel-seat";

// jsdom has no innerText, and SweetAlert2 sets a dialog's title with it: without this the title,
// and so the dialog's accessible name, stays empty in jsdom (never in a browser, where setting
// innerText to a line of text is setting its text).
if (!Object.getOwnPropertyDescriptor(HTMLElement.prototype, "innerText")) {
  Object.defineProperty(HTMLElement.prototype, "innerText", {
    configurable: true,
    get(this: HTMLElement) {
      return this.textContent ?? "";
    },
    set(this: HTMLElement, text: string) {
      this.textContent = text;
    },
  });
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const SEAT = "5f0c3a1e-7d2b-4c8e-9a61-2b7f4e9d0c13";
const {
  status: _status,
  feedback: _feedback,
  ...soccer
} = sampleClass({
  _id: "c-soccer",
  class_name: "Soccer Week",
  instructor: "Sam Coach",
  available_seats: 11,
  enrolled_seats: 1,
  price: 70,
});
const seat: EnrolledClass = { ...soccer, camperId: "camper-ava", camper_name: "Ava Rivera", enrollmentId: SEAT };

// The API's own words (api/src/refunds: policyText of the default policy, quoteText, cancelledText).
const POLICY =
  "Full refund until 14 days before the first day, 50% until 7 days before, no refund after that or once the class has started. If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn.";
/** The card's button, named with its class and camper for a screen reader. */
const CANCEL_BUTTON = /^Cancel seat\s*in Soccer Week for Ava Rivera$/;
const STARTED = "This class has started: a seat in it can no longer be cancelled for a refund.";

/** GET /enrollments/:id/cancellation as the API answers it: the fields the dialog reads, and the rest. */
type WireQuote = SeatQuote & { _id: string; cancellation: Record<string, unknown> };
function quote(cancellation: Partial<SeatQuote["cancellation"]> & Record<string, unknown> = {}): WireQuote {
  return {
    _id: SEAT,
    class_name: "Soccer Week",
    camper: "Ava Rivera",
    cancellation: {
      refund: 35,
      refundCents: 3_500,
      paidCents: 7_000,
      refundedCents: 0,
      percent: 50,
      feeCents: 0,
      window: "partial",
      daysBefore: 9,
      noCard: false,
      policyRefundCents: 3_500,
      discountGivenBackCents: 0,
      earlierReturnedCents: 0,
      cancellable: true,
      text: "You will get $35.00 back of $70.00.",
      ...cancellation,
    },
  };
}

const cancelled: Cancelled & { cancelled: true; refund: number } = {
  cancelled: true,
  refund: 35,
  refundCents: 3_500,
  refundStatus: "succeeded",
  message: "The seat is cancelled and $35.00 is on its way back to the card.",
};

const CANCELLED_AT = "2027-06-20T15:30:00.000Z";
/** GET /enrollments/cancelled's row for the seat once cancelled (api/src/refunds/cancelled.ts). */
const cancelledRow: CancelledEnrolment = {
  _id: "a3c1e0f2-1b2c-4d5e-8f90-0a1b2c3d4e5f",
  enrollmentId: SEAT,
  classId: "c-soccer",
  class_name: "Soccer Week",
  image: "",
  camper: "Ava Rivera",
  camperId: "camper-ava",
  start_date: null,
  end_date: null,
  cancelledAt: CANCELLED_AT,
  refund: 35,
  refundCents: 3_500,
  refundStatus: "succeeded",
};

let enrolled: EnrolledClass[];
let gone: CancelledEnrolment[];
beforeEach(() => {
  api.requests.length = 0;
  enrolled = [seat];
  gone = [];
  api.on("GET /enrollments/cancelled", () => ({ body: gone }));
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  api.on("GET /enrolled", () => ({ body: enrolled }));
  api.on("GET /cancellation-policy", {
    body: { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 0, text: POLICY },
  });
  api.on(`GET /enrollments/${SEAT}/cancellation`, { body: quote() });
  api.on(`POST /enrollments/${SEAT}/cancel`, () => {
    enrolled = [];
    gone = [cancelledRow];
    return { body: cancelled };
  });
});
afterEach(async () => {
  // A dialog a failed test left open is closed as a family would (its "keep" or "OK"), so that it
  // cannot answer the next test's questions.
  const left = document.querySelector<HTMLElement>(".swal2-popup");
  if (left) {
    const button =
      left.querySelector<HTMLButtonElement>(".swal2-cancel:not([style*='none'])") ??
      left.querySelector<HTMLButtonElement>(".swal2-confirm");
    button?.click();
    await waitFor(() => expect(document.querySelector(".swal2-popup")).toBeNull());
  }
  cleanup();
  resetPage();
});

/** The open dialog titled `title` (SweetAlert2's popup, named by its title). */
const dialogTitled = (title: string) => screen.findByRole("dialog", { name: title });

const dialogText = (popup: HTMLElement) => popup.querySelector(".swal2-html-container")?.textContent;
/** The buttons the dialog shows (SweetAlert2 keeps its unused ones, hidden). */
const buttonsOf = (popup: HTMLElement) =>
  within(popup)
    .getAllByRole("button")
    .map((b) => b.textContent);
const cancels = () => api.calls(`POST /enrollments/${SEAT}/cancel`);

async function openDialog() {
  const user = userEvent.setup();
  render(
    <AppProviders path="/dashboard/enrolled-classes">
      <EnrolledClassesPage />
    </AppProviders>,
  );
  await user.click(await screen.findByRole("button", { name: CANCEL_BUTTON }));
  return user;
}

describe("cancelling a seat from My Enrolled Classes", () => {
  it("asks first, with the refund the server quoted for today; keeping the seat sends nothing", async () => {
    const user = await openDialog();
    // The policy the refund follows is on the page under the seats.
    expect((await screen.findByRole("region", { name: "Cancellation policy" })).textContent).toContain(POLICY);

    const popup = await dialogTitled("Cancel this seat?");
    expect(dialogText(popup)).toBe(
      'Ava Rivera\'s seat in "Soccer Week" will be cancelled. You will get $35.00 back of $70.00. The refund goes back to the card you paid with.',
    );
    expect(buttonsOf(popup)).toEqual(["Yes, cancel the seat", "Keep the seat"]);
    // Which button has the focus is not checked here: SweetAlert2 focuses only a button with a
    // layout box, and jsdom lays nothing out (the dialog itself gets the focus).
    const keep = within(popup).getByRole("button", { name: "Keep the seat" });
    expect(api.calls(`GET /enrollments/${SEAT}/cancellation`)).toHaveLength(1);

    await user.click(keep);
    await waitFor(() => expect(document.querySelector(".swal2-popup")).toBeNull());
    expect(cancels()).toHaveLength(0);
    expect(screen.getByRole("button", { name: CANCEL_BUTTON })).toBeTruthy();
  });

  it("states the discount given back when the seats kept no longer earn it, and that the seat goes back either way when nothing is refunded", async () => {
    api.on(`GET /enrollments/${SEAT}/cancellation`, {
      body: quote({
        refundCents: 0,
        refund: 0,
        discountGivenBackCents: 3_500,
        text: "Nothing is refunded: the $35.00 the policy gives for this seat is the discount given back, as the seats you keep no longer earn it.",
      }),
    });
    await openDialog();
    const popup = await dialogTitled("Cancel this seat?");
    expect(dialogText(popup)).toBe(
      'Ava Rivera\'s seat in "Soccer Week" will be cancelled. Nothing is refunded: the $35.00 the policy gives for this seat is the discount given back, as the seats you keep no longer earn it. Discount given back: $35.00. The seat goes back to the class either way.',
    );
  });

  it("once confirmed, cancels that seat without choosing an amount, says what the server did and takes the card away", async () => {
    const user = await openDialog();
    await user.click(
      within(await dialogTitled("Cancel this seat?")).getByRole("button", { name: "Yes, cancel the seat" }),
    );

    const done = await dialogTitled("Seat cancelled");
    expect(dialogText(done)).toBe("The seat is cancelled and $35.00 is on its way back to the card.");
    expect(buttonsOf(done)).toEqual(["OK"]);
    // One request for that seat, and no amount or reason: the policy's refund is the server's to give.
    expect(cancels()).toHaveLength(1);
    expect(cancels()[0]!.body).toBeUndefined();
    expect(cancels()[0]!.authorization).toBe("Bearer test-access-token");

    await user.click(within(done).getByRole("button", { name: "OK" }));
    // The list is read again: the seat is no longer held, and stays listed as cancelled with its refund and date.
    const gone = await screen.findByRole("list", { name: "Your cancelled seats" });
    expect(within(gone).getByRole("heading", { name: "Soccer Week (cancelled)" })).toBeTruthy();
    expect(within(gone).getByText("for Ava Rivera")).toBeTruthy();
    expect(within(gone).getByTestId("cancelled-refund").textContent).toBe(
      `Cancelled on ${new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(CANCELLED_AT))}, $35.00 refunded`,
    );
    expect(screen.queryByRole("button", { name: CANCEL_BUTTON })).toBeNull();
    expect(screen.queryByRole("heading", { name: "No enrolled classes yet" })).toBeNull();
    expect(api.calls("GET /enrolled").length).toBeGreaterThanOrEqual(2);
  });

  it("a seat whose class has started is refused with the server's reason, and nothing is sent", async () => {
    api.on(`GET /enrollments/${SEAT}/cancellation`, {
      body: quote({ window: "started", cancellable: false, refundCents: 0, refund: 0, percent: 0, text: STARTED }),
    });
    const user = await openDialog();
    const popup = await dialogTitled("This seat cannot be cancelled");
    expect(dialogText(popup)).toBe(STARTED);
    expect(buttonsOf(popup)).toEqual(["OK"]);
    await user.click(within(popup).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(document.querySelector(".swal2-popup")).toBeNull());
    expect(cancels()).toHaveLength(0);
  });

  it("a cancellation the server refuses after the question says so in the server's words, and the seat stays", async () => {
    // The class started between the quote and the answer: the API refuses the family (409).
    api.on(`POST /enrollments/${SEAT}/cancel`, { status: 409, body: { error: "Conflict", message: STARTED } });
    const user = await openDialog();
    await user.click(
      within(await dialogTitled("Cancel this seat?")).getByRole("button", { name: "Yes, cancel the seat" }),
    );

    const refused = await dialogTitled("The seat was not cancelled");
    expect(dialogText(refused)).toBe(STARTED);
    expect(cancels()).toHaveLength(1);
    await user.click(within(refused).getByRole("button", { name: "OK" }));
    expect(await screen.findByRole("button", { name: CANCEL_BUTTON })).toBeTruthy();
  });

  it("a quote the server cannot give stops there: its message, and no cancellation", async () => {
    api.on(`GET /enrollments/${SEAT}/cancellation`, {
      status: 404,
      body: { error: "Not Found", message: "There is no such enrolment." },
    });
    await openDialog();
    const popup = await dialogTitled("The refund could not be worked out");
    expect(dialogText(popup)).toBe("There is no such enrolment.");
    expect(buttonsOf(popup)).toEqual(["OK"]);
    expect(cancels()).toHaveLength(0);
  });
});
