/*
 * "Move to another class" at the front desk over HTTP to the remotes' test server: the figures
 * asked for and shown as lines that add up, the problems beside their fields (the form's own and
 * the API's), the office's way of giving money back, a waiting line's reason, and the page's status
 * line once the seat moved.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { academyToday } from "shared-auth/academy-time";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { sampleClass, sampleGuardian } from "shared-auth/testing/fixtures";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FrontDeskFamily, FrontDeskOrder } from "../../lib/front-desk";
import { addDays, type MoveQuote } from "../../lib/seat-move";
import FrontDeskPage from "../../pages/front-desk-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /admin/office-log", { body: { actions: [] } });
  api.on("GET /admin/classes", {
    body: {
      items: [
        { ...sampleClass({ _id: "c-soccer", class_name: "Soccer Week 1" }), status: "approved" },
        {
          ...sampleClass({ _id: "c-tennis", class_name: "Tennis Week 2", available_seats: 12, enrolled_seats: 9 }),
          status: "approved",
        },
      ],
      total: 2,
      page: 1,
      size: 100,
    },
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const order = (over: Partial<FrontDeskOrder> = {}): FrontDeskOrder => ({
  _id: "o-1",
  bookedAt: "2027-02-01T17:00:00.000Z",
  atTheDesk: true,
  totalCents: 21_500,
  paidCents: 21_500,
  refundedCents: 0,
  owedCents: 0,
  dueDay: null,
  status: "paid",
  overdue: false,
  seats: [
    {
      classId: "c-soccer",
      className: "Soccer Week 1",
      camperName: "Mia Rivera",
      priceCents: 12_500,
      cancelled: false,
      enrollmentId: "e-1",
      movedTo: null,
    },
    {
      classId: "c-kayak",
      className: "Kayak Week",
      camperName: "Mia Rivera",
      priceCents: 9_000,
      cancelled: true,
      enrollmentId: null,
      movedTo: "Swim Week 3",
    },
  ],
  payments: [],
  ...over,
});

const family = (orders: FrontDeskOrder[]): FrontDeskFamily => ({
  _id: "f-1",
  name: "Ana Rivera",
  email: "ana@example.com",
  phone: null,
  claimed: true,
  owedCents: 0,
  guardians: { complete: true, guardians: [sampleGuardian()] },
  campers: [{ _id: "k-1", is_self: false, name: "Mia Rivera", date_of_birth: "2017-05-02" }],
  orders,
});

const dearer: MoveQuote = {
  className: "Soccer Week 1",
  toClassName: "Tennis Week 2",
  camperName: "Mia Rivera",
  heldCents: 12_500,
  feeCents: 1_000,
  priceCents: 16_000,
  discounts: [{ name: "Early bird", cents: 2_000 }],
  creditCents: 11_500,
  owedCents: 4_500,
  refundCents: 0,
  aheadOfLine: false,
};
const cheaper: MoveQuote = {
  ...dearer,
  feeCents: 0,
  priceCents: 9_000,
  discounts: [],
  creditCents: 9_000,
  owedCents: 0,
  refundCents: 3_500,
};

const moved = (quote: MoveQuote, message: string) => ({
  status: 201,
  body: {
    transferId: "t-1",
    orderId: "o-2",
    figures: { ...quote, aheadOfLine: undefined },
    refundStatus: null,
    message,
  },
});

const renderPage = () =>
  render(
    <AppProviders path="/dashboard/front-desk?family=f-1">
      <FrontDeskPage />
    </AppProviders>,
  );

/** Opens the form of Mia's seat in Soccer Week 1 once the classes are listed. */
async function openMove() {
  const booking = await screen.findByRole("listitem", { name: /^Booked .* at the desk$/ });
  await userEvent.click(
    within(booking).getByRole("button", { name: "Move to another class: Mia Rivera's seat in Soccer Week 1" }),
  );
  const form = within(booking).getByRole("form", { name: "Move Mia Rivera's seat in Soccer Week 1" });
  await within(form).findByRole("option", { name: /^Tennis Week 2/ });
  return { booking, form: within(form) };
}

describe("moving a seat to another class", () => {
  it("shows the figures as lines that add up, asks for the due day, and says the API's message once moved", async () => {
    let familyReads = 0;
    api.on("GET /admin/families/f-1", () => {
      familyReads += 1;
      return { body: family([order()]) };
    });
    api.on("POST /admin/enrollments/e-1/move-quote", { body: dearer });
    let tries = 0;
    api.on("POST /admin/enrollments/e-1/move", () =>
      ++tries === 1
        ? { status: 400, body: { message: "Check the move.", fields: { dueDay: "Today or later." } } }
        : moved(
            dearer,
            "Mia Rivera moved from Soccer Week 1 to Tennis Week 2. $45.00 is left to pay on the new booking.",
          ),
    );
    renderPage();
    const booking = await screen.findByRole("listitem", { name: /^Booked .* at the desk$/ });
    // A seat that moved says where; it has nothing left to move.
    expect(within(booking).getByText(/Moved to Swim Week 3/)).toBeTruthy();
    expect(within(booking).getAllByRole("button", { name: /^Move to another class: / })).toHaveLength(1);

    const { form } = await openMove();
    const select = form.getByRole("combobox", { name: "Class to move to" });
    expect(document.activeElement).toBe(select);
    // The seat's own class is not a choice; the list is the approved classes by name.
    expect(form.queryByRole("option", { name: /^Soccer Week 1/ })).toBeNull();
    expect(form.getByRole("option", { name: "Tennis Week 2 · 3 seats free" })).toBeTruthy();
    const listed = api.calls("GET /admin/classes").at(-1)!.query;
    expect([listed.get("status"), listed.get("sort"), listed.get("size")]).toEqual(["approved", "name", "100"]);

    const fee = form.getByRole("textbox", { name: "Transfer fee (dollars)" });
    await userEvent.clear(fee);
    await userEvent.type(fee, "12.345");
    await userEvent.click(form.getByRole("button", { name: "See the figures" }));
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(fee.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${fee.id}-problem`)?.textContent).toBe(
      "Enter the fee in dollars, such as 10 or 12.50, or 0 for none.",
    );
    expect(fee.getAttribute("aria-describedby")).toContain(`${fee.id}-problem`);
    expect(document.activeElement).toBe(select);
    expect(api.calls("POST /admin/enrollments/e-1/move-quote")).toHaveLength(0);

    await userEvent.selectOptions(select, "c-tennis");
    await userEvent.clear(fee);
    await userEvent.type(fee, "10");
    await userEvent.click(form.getByRole("button", { name: "See the figures" }));
    const figures = await form.findByRole("table", { name: "The figures for Mia Rivera" });
    expect(api.calls("POST /admin/enrollments/e-1/move-quote")[0]!.body).toEqual({
      toClassId: "c-tennis",
      feeCents: 1_000,
    });
    const rows = within(figures)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Tennis Week 2 (new seat)Early bird −$20.00$160.00",
      "Soccer Week 1: paid, carried over−$125.00",
      "Transfer fee$10.00",
      "Difference to pay$45.00",
    ]);
    expect(form.queryByRole("group", { name: "How the office gives it back" })).toBeNull();

    const due = form.getByLabelText("Difference due by") as HTMLInputElement;
    expect(due.value).toBe(addDays(academyToday(), 14));
    await userEvent.type(form.getByRole("textbox", { name: "Reason (the family reads it)" }), "Wrong week booked");
    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    // The API's field message under its field, focused; its message in the alert.
    expect(await form.findByText("Today or later.")).toBeTruthy();
    expect(due.getAttribute("aria-invalid")).toBe("true");
    expect(due.getAttribute("aria-describedby")).toContain(`${due.id}-problem`);
    await waitFor(() => expect(document.activeElement).toBe(due));
    expect(form.getByRole("alert").textContent).toBe("Check the move.");

    const readsBefore = familyReads;
    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    const status = await screen.findByText(
      "Mia Rivera moved from Soccer Week 1 to Tennis Week 2. $45.00 is left to pay on the new booking.",
    );
    expect(status.getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole("form", { name: /^Move Mia Rivera's seat/ })).toBeNull();
    expect(familyReads).toBeGreaterThan(readsBefore);
    expect(api.calls("POST /admin/enrollments/e-1/move").at(-1)!.body).toEqual({
      toClassId: "c-tennis",
      feeCents: 1_000,
      dueDay: addDays(academyToday(), 14),
      reason: "Wrong week booked",
    });
  });

  it("asks a desk booking how the money goes back, then a waiting line's reason when the API asks", async () => {
    api.on("GET /admin/families/f-1", { body: family([order()]) });
    api.on("POST /admin/enrollments/e-1/move-quote", { body: cheaper });
    let tries = 0;
    api.on("POST /admin/enrollments/e-1/move", () =>
      ++tries === 1
        ? {
            status: 409,
            body: {
              message: "Families are waiting in the line of Tennis Week 2.",
              fields: { aheadOfLineReason: "Say why the camper goes ahead of them." },
            },
          }
        : moved(cheaper, "Mia Rivera moved from Soccer Week 1 to Tennis Week 2. $35.00 is recorded as given back."),
    );
    renderPage();
    const { form } = await openMove();
    await userEvent.selectOptions(form.getByRole("combobox", { name: "Class to move to" }), "c-tennis");
    await userEvent.click(form.getByRole("button", { name: "See the figures" }));
    const figures = await form.findByRole("table", { name: "The figures for Mia Rivera" });
    expect(within(figures).getByRole("row", { name: /Difference given back/ }).textContent).toContain("−$35.00");
    expect(within(figures).queryByText("Transfer fee")).toBeNull();
    expect(form.queryByLabelText("Difference due by")).toBeNull();

    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    const cash = form.getByRole("radio", { name: "Cash" });
    expect(document.activeElement).toBe(cash);
    expect(cash.getAttribute("aria-invalid")).toBe("true");
    expect(form.getByText("Choose how the office gives the $35.00 back.")).toBeTruthy();
    await userEvent.click(form.getByRole("radio", { name: "Cheque" }));
    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    const number = form.getByRole("textbox", { name: "Cheque number" });
    expect(document.activeElement).toBe(number);
    expect(form.getByText("The cheque number is required.")).toBeTruthy();
    await userEvent.type(number, "1042");
    expect(api.calls("POST /admin/enrollments/e-1/move")).toHaveLength(0);

    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    const lineReason = await form.findByRole("textbox", { name: "Reason to go ahead of the waiting line" });
    expect(form.getByRole("alert").textContent).toBe(
      "Families are waiting in the line of Tennis Week 2. Say why below, then press Move the seat again.",
    );
    expect(lineReason.getAttribute("aria-invalid")).toBe("true");
    // The reason the refusal brought in takes focus once it is there.
    await waitFor(() => expect(document.activeElement).toBe(lineReason));
    await userEvent.type(lineReason, "Her sister is in the class");
    await userEvent.click(form.getByRole("button", { name: "Move the seat" }));
    expect(await screen.findByText(/\$35\.00 is recorded as given back\./)).toBeTruthy();
    expect(api.calls("POST /admin/enrollments/e-1/move").at(-1)!.body).toEqual({
      toClassId: "c-tennis",
      feeCents: 0,
      refundMethod: "cheque",
      refundReference: "1042",
      aheadOfLineReason: "Her sister is in the class",
    });
  });

  it("says a card booking's difference goes back to the card, clears the figures on a change, and Cancel returns focus", async () => {
    api.on("GET /admin/families/f-1", { body: family([order({ atTheDesk: false })]) });
    api.on("POST /admin/enrollments/e-1/move-quote", { body: cheaper });
    renderPage();
    const booking = await screen.findByRole("listitem", { name: /^Booked .* online$/ });
    const button = within(booking).getByRole("button", {
      name: /^Move to another class: Mia Rivera's seat in Soccer Week 1/,
    });
    await userEvent.click(button);
    const form = within(within(booking).getByRole("form", { name: /^Move Mia Rivera's seat/ }));
    await form.findByRole("option", { name: /^Tennis Week 2/ });
    await userEvent.selectOptions(form.getByRole("combobox", { name: "Class to move to" }), "c-tennis");
    await userEvent.click(form.getByRole("button", { name: "See the figures" }));
    expect(await form.findByText("$35.00 goes back to the card.")).toBeTruthy();
    expect(form.queryByRole("radio", { name: "Cash" })).toBeNull();

    await userEvent.type(form.getByRole("textbox", { name: "Transfer fee (dollars)" }), "5");
    expect(form.queryByRole("table")).toBeNull();
    expect(form.queryByRole("button", { name: "Move the seat" })).toBeNull();
    expect(form.getByText("The class or the fee changed: see the figures again.")).toBeTruthy();

    await userEvent.click(form.getByRole("button", { name: "Cancel" }));
    expect(within(booking).queryByRole("form")).toBeNull();
    const again = within(booking).getByRole("button", {
      name: /^Move to another class: Mia Rivera's seat in Soccer Week 1/,
    });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });
});
