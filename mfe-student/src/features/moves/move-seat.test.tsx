/*
 * "Move to another class" on My Enrolled Classes, driven as a family does: the page, its button,
 * the inline form, over HTTP to the remotes' test server (shared-auth/testing), which answers with
 * the API's routes, shapes and words (api/src/transfers).
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { queryKeys, type EnrolledClass } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";
import { queryClient } from "shared-auth/queries";
import { sampleClass } from "shared-auth/testing/fixtures";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import type { EnrolledSeat, MoveQuote, SeatMoved } from "shared-auth/wire";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import EnrolledClassesPage from "../../pages/enrolled-classes-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const EMAIL = "parent@example.com";
/** A day so many days from today on the academy's calendar. */
const inDays = (days: number) => {
  const [y, m, d] = academyToday().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

/** A seat of the family as GET /enrolled lists it. */
function enrolledSeat(id: string, className: string, camper: string, start: string, classId = `c-${id}`) {
  const {
    status: _s,
    feedback: _f,
    ...cls
  } = sampleClass({
    _id: classId,
    class_name: className,
    start_date: start,
    end_date: inDays(60),
  });
  return { ...cls, camperId: `k-${camper}`, camper_name: camper, enrollmentId: id } satisfies EnrolledClass;
}

/** The same seat as GET /enrollments says it, with whether the office booked it. */
function ownSeat(seat: EnrolledClass, atTheDesk: boolean): EnrolledSeat {
  return {
    _id: seat.enrollmentId,
    classId: seat._id,
    class_name: seat.class_name,
    camper: seat.camper_name,
    camperId: seat.camperId,
    start_date: seat.start_date,
    end_date: seat.end_date,
    enrolledAt: "2027-01-10T10:00:00.000Z",
    paid: 125,
    refunded: 0,
    atTheDesk,
    cancellation: {
      refund: 125,
      refundCents: 12_500,
      paidCents: 12_500,
      refundedCents: 0,
      percent: 100,
      feeCents: 0,
      window: "full",
      daysBefore: 30,
      noCard: false,
      policyRefundCents: 12_500,
      discountGivenBackCents: 0,
      earlierReturnedCents: 0,
      cancellable: true,
      text: "You will get $125.00 back of $125.00.",
    },
  };
}

const soccer = enrolledSeat("e-mia", "Soccer Week 1", "Mia Rivera", inDays(30), "c-soccer");
const desk = enrolledSeat("e-ava", "Climbing Week", "Ava Rivera", inDays(30));
const soon = enrolledSeat("e-leo", "Golf Week", "Leo Rivera", inDays(13));
const tennisSeat = enrolledSeat("e-mia-2", "Tennis Week 2", "Mia Rivera", inDays(40), "c-tennis");

const MOVE_TEXT =
  "You can move a seat to another class yourself until 14 days before its first day, for a fee of $5.00: what you paid goes to the new seat, and you pay or get back the difference.";
const policy = (moveDays: number | null) => ({
  fullRefundDays: 14,
  partialRefundDays: 7,
  partialPercent: 50,
  feeCents: 0,
  text: "Full refund until 14 days before the first day.",
  moveDays,
  moveFeeCents: 500,
  moveText: moveDays === null ? "To move a seat to another class, call or visit the office." : MOVE_TEXT,
});

const quote: MoveQuote = {
  className: "Soccer Week 1",
  toClassName: "Tennis Week 2",
  camperName: "Mia Rivera",
  heldCents: 12_500,
  feeCents: 500,
  priceCents: 15_000,
  discounts: [],
  creditCents: 12_000,
  owedCents: 3_000,
  refundCents: 0,
  aheadOfLine: false,
};
const MOVED = "Mia's seat moved from Soccer Week 1 to Tennis Week 2. Pay the $30.00 difference by card on My Balance.";
const moved: SeatMoved = {
  transferId: "t-1",
  orderId: "o-1",
  figures: { ...quote },
  refundStatus: null,
  message: MOVED,
};

let enrolled: EnrolledClass[];
beforeEach(() => {
  api.requests.length = 0;
  enrolled = [soccer, desk, soon];
  signInAs("student", api, { email: EMAIL, displayName: "Pat Parent", emailVerified: true });
  api.on("GET /enrolled", () => ({ body: enrolled }));
  api.on("GET /enrollments", () => ({ body: enrolled.map((s) => ownSeat(s, s === desk)) }));
  api.on("GET /enrollments/cancelled", { body: [] });
  api.on("GET /cancellation-policy", { body: policy(14) });
  api.on("GET /classes", {
    body: {
      items: [
        sampleClass({ _id: "c-soccer", class_name: "Soccer Week 1" }),
        sampleClass({ _id: "c-tennis", class_name: "Tennis Week 2", price_today: 150 }),
        sampleClass({ _id: "c-swim", class_name: "Swim Week 3", available_seats: 5, enrolled_seats: 5 }),
      ],
      page: 1,
      size: 48,
      hasMore: false,
    },
  });
  api.on("POST /enrollments/e-mia/move-quote", { body: quote });
  api.on("POST /enrollments/e-mia/move", () => {
    enrolled = [tennisSeat, desk, soon];
    return { status: 201, body: moved };
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const MIA = /^Move to another class: Mia Rivera's seat in Soccer Week 1$/;

async function openForm() {
  const user = userEvent.setup();
  render(
    <AppProviders path="/dashboard/enrolled-classes">
      <EnrolledClassesPage />
    </AppProviders>,
  );
  // The page's first answers (seats, the policy, the seats' own facts) come over HTTP: the first
  // test of a busy run renders cold, so it may take longer than findBy's one second.
  const button = await screen.findByRole("button", { name: MIA }, { timeout: 5000 });
  await user.click(button);
  const form = screen.getByRole("form", { name: MIA });
  return { user, button, form };
}

describe("a family moving its own seat", () => {
  it("is offered only for a seat booked online whose first day is far enough, with the academy's rule", async () => {
    const { button } = await openForm();
    expect(button.textContent).toBe("Move to another class");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    // The office's booking, and a seat 13 days away under a 14-day rule, are the office's to move.
    expect(screen.queryByRole("button", { name: /^Move to another class: Ava/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Move to another class: Leo/ })).toBeNull();
    expect(screen.getAllByTestId("move-rule").map((p) => p.textContent)).toEqual([MOVE_TEXT]);
    // Said beside the seats it concerns, not again under the policy.
    expect(screen.queryByTestId("move-policy")).toBeNull();
  });

  it("offers the other classes, asks for figures that add up, moves, and says what happened", async () => {
    queryClient.setQueryData(queryKeys.balance(EMAIL), { owedCents: 0, next: null, atRisk: false, plans: [] });
    const { user, form } = await openForm();
    const select = within(form).getByRole("combobox", { name: "Class to move to" });
    expect(document.activeElement).toBe(select);
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(3));
    const options = within(select).getAllByRole<HTMLOptionElement>("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Choose a class",
      "Tennis Week 2 · $150.00 · 15 seats free",
      "Swim Week 3 · $100.00 · full",
    ]);
    expect(options[2]!.disabled).toBe(true);

    // Nothing chosen: said under the field, nothing asked.
    await user.click(within(form).getByRole("button", { name: "See the figures" }));
    expect(within(form).getByText("Choose the class to move to.")).toBeTruthy();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls("POST /enrollments/e-mia/move-quote")).toHaveLength(0);

    await user.selectOptions(select, "c-tennis");
    await user.click(within(form).getByRole("button", { name: "See the figures" }));
    const figures = await within(form).findByRole("list", { name: "The figures" });
    expect(
      within(figures)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Tennis Week 2 (new seat)$150.00",
      "Soccer Week 1: paid, carried over−$125.00",
      "Transfer fee$5.00",
      "Difference to pay$30.00",
    ]);
    const asked = api.calls("POST /enrollments/e-mia/move-quote")[0]!;
    expect(asked.body).toEqual({ toClassId: "c-tennis" });
    expect(asked.authorization).toBe("Bearer test-access-token");
    expect(api.calls("POST /enrollments/e-mia/move")).toHaveLength(0);

    // The answer is held back: the button says the move is under way and cannot be pressed twice.
    const held = gate();
    api.on("POST /enrollments/e-mia/move", async () => {
      await held.promise;
      enrolled = [tennisSeat, desk, soon];
      return { status: 201, body: moved };
    });
    await user.click(within(form).getByRole("button", { name: "Move the seat" }));
    expect(within(form).getByRole<HTMLButtonElement>("button", { name: "Moving…" }).disabled).toBe(true);
    held.open();
    const said = screen.getByTestId("move-outcome");
    await waitFor(() => expect(said.textContent).toContain(MOVED));
    expect(said.getAttribute("role")).toBe("status");
    expect(api.calls("POST /enrollments/e-mia/move")[0]!.body).toEqual({ toClassId: "c-tennis" });
    const pay = within(said).getByRole("link", { name: "Pay $30.00 on My Balance" });
    expect(pay.getAttribute("href")).toBe("/dashboard/balance");
    // The seats are read again: the moved seat's card is gone, the new one is there, and My
    // Balance will read what is owed again.
    expect(screen.queryByRole("button", { name: MIA })).toBeNull();
    expect(screen.getByRole("heading", { name: "Tennis Week 2" })).toBeTruthy();
    expect(api.calls("GET /enrolled").length).toBeGreaterThanOrEqual(2);
    expect(queryClient.getQueryState(queryKeys.balance(EMAIL))?.isInvalidated).toBe(true);
    expect(document.activeElement).toBe(said);
  });

  it("does not offer the move when families are waiting for that class", async () => {
    api.on("POST /enrollments/e-mia/move-quote", { body: { ...quote, aheadOfLine: true } });
    const { user, form } = await openForm();
    const select = within(form).getByRole("combobox", { name: "Class to move to" });
    await within(select).findByRole("option", { name: /^Tennis Week 2/ });
    await user.selectOptions(select, "c-tennis");
    await user.click(within(form).getByRole("button", { name: "See the figures" }));
    expect(await within(form).findByText(/Families are waiting for a seat in Tennis Week 2/)).toBeTruthy();
    expect(within(form).queryByRole("button", { name: "Move the seat" })).toBeNull();
  });

  it("says a refusal in the API's words, a field's under the field", async () => {
    const WAITING = "Families are waiting for a seat in Tennis Week 2: join its waiting list instead.";
    api.on("POST /enrollments/e-mia/move-quote", { status: 409, body: { error: "Conflict", message: WAITING } });
    const { user, form } = await openForm();
    const select = within(form).getByRole("combobox", { name: "Class to move to" });
    await within(select).findByRole("option", { name: /^Tennis Week 2/ });
    await user.selectOptions(select, "c-tennis");
    await user.click(within(form).getByRole("button", { name: "See the figures" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(WAITING);

    api.on("POST /enrollments/e-mia/move-quote", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "The seat is in that class already: choose another class.",
        fields: { toClassId: "Another class." },
      },
    });
    await user.click(within(form).getByRole("button", { name: "See the figures" }));
    expect(await within(form).findByText("Another class.")).toBeTruthy();
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(select.getAttribute("aria-describedby")).toContain("-error");
  });

  it("Cancel closes the form and gives the focus back to the button", async () => {
    const { user, button, form } = await openForm();
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: MIA })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("is not offered when only the office moves seats, and the seats are not asked for", async () => {
    api.on("GET /cancellation-policy", { body: policy(null) });
    render(
      <AppProviders path="/dashboard/enrolled-classes">
        <EnrolledClassesPage />
      </AppProviders>,
    );
    expect((await screen.findByTestId("move-policy")).textContent).toBe(
      "To move a seat to another class, call or visit the office.",
    );
    expect(await screen.findByRole("heading", { name: "Soccer Week 1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Move to another class/ })).toBeNull();
    expect(api.calls("GET /enrollments")).toHaveLength(0);
  });
});
