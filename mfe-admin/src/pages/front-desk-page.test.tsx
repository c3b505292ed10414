/*
 * The front desk over HTTP to the remotes' test server (shared-auth/testing): find a family, price
 * two seats, book them with part of the money in cash (the due day asked for), book ahead of a
 * waiting line with a reason once the API asks for one, and record a cheque on a booking.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeskCamper } from "shared-auth/wire";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { sampleClass, sampleGuardian } from "shared-auth/testing/fixtures";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FrontDeskFamily, FrontDeskOrder } from "../lib/front-desk";
import FrontDeskPage from "./front-desk-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.on("GET /admin/office-log", ({ query }) => ({
    body: {
      actions: [
        {
          _id: "l-1",
          at: "2027-02-01T17:00:00.000Z",
          actorName: "Ada Admin",
          action: "family-created",
          summary: "Made the account of <b>Ana</b> Rivera (ana@example.com)",
          familyId: query.get("familyId") ?? "f-1",
          familyName: "<b>Ana</b> Rivera",
        },
      ],
    },
  }));
  // No financial aid set up yet: the first screen offers to set it up (aid-panel.test.tsx).
  api.on("GET /admin/aid", { body: { seasons: [], season: null, applications: [] } });
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const camper = (over: Partial<DeskCamper>): DeskCamper => ({
  _id: "k-1",
  is_self: false,
  name: "Cai Rivera",
  date_of_birth: "2017-05-02",
  ...over,
});

const order: FrontDeskOrder = {
  _id: "o-1",
  bookedAt: "2027-02-01T17:00:00.000Z",
  atTheDesk: true,
  totalCents: 40_000,
  paidCents: 15_000,
  refundedCents: 0,
  owedCents: 25_000,
  dueDay: "2027-04-01",
  status: "partially paid",
  overdue: false,
  seats: [
    {
      classId: "c-1",
      className: "Kayak Week",
      camperName: "Cai Rivera",
      priceCents: 40_000,
      cancelled: false,
      enrollmentId: "e-1",
      movedTo: null,
    },
  ],
  payments: [
    {
      _id: "p-1",
      method: "cash",
      methodText: "Cash",
      amountCents: 15_000,
      reference: null,
      receivedOn: "2027-02-01",
      paidAt: "2027-02-01T17:00:00.000Z",
    },
  ],
};

const family: FrontDeskFamily = {
  _id: "f-1",
  name: "<b>Ana</b> Rivera",
  email: "ana@example.com",
  phone: "+1 555 0100",
  claimed: false,
  owedCents: 0,
  guardians: {
    complete: true,
    guardians: [sampleGuardian()],
  },
  campers: [camper({}), camper({ _id: "k-2", name: "Bo Rivera" })],
  orders: [],
};

const renderPage = (path = "/dashboard/front-desk") =>
  render(
    <AppProviders path={path}>
      <FrontDeskPage />
    </AppProviders>,
  );

describe("the front desk", () => {
  it("finds a family by two characters or more, and shows its name as text", async () => {
    api.on("GET /admin/families", {
      body: {
        families: [
          {
            _id: "f-1",
            name: family.name,
            email: family.email,
            phone: null,
            claimed: false,
            campers: [{ _id: "k-1", name: "Cai Rivera" }],
            owedCents: 25_000,
          },
        ],
      },
    });
    api.on("GET /admin/families/f-1", { body: family });
    renderPage();
    const search = screen.getByRole("searchbox", { name: "Name, e-mail, phone or child's name" });
    await userEvent.type(search, "r{Enter}");
    expect(api.calls("GET /admin/families")).toHaveLength(0);
    await userEvent.type(search, "iv{Enter}");
    const open = await screen.findByRole("button", { name: "Open the family of <b>Ana</b> Rivera" });
    expect(api.calls("GET /admin/families").map((r) => r.query.get("q"))).toEqual(["riv"]);
    const found = screen.getByRole("list", { name: "Families found" });
    expect(within(found).getByText(/Cai Rivera · Owes \$250\.00/)).toBeTruthy();
    expect(screen.getByText("1 family matches “riv”.").getAttribute("role")).toBe("status");
    // The desk's first screen lists the office's recent work, each line with its family, as text.
    const recent = screen.getByRole("region", { name: "Recent office activity" });
    expect(await within(recent).findByText(/Ada Admin: Made the account of <b>Ana<\/b> Rivera/)).toBeTruthy();
    await userEvent.click(open);
    const heading = await screen.findByRole("heading", { level: 2, name: "<b>Ana</b> Rivera" });
    expect(document.activeElement).toBe(heading);
    const mine = screen.getByRole("region", { name: "What the office did for this family" });
    expect(await within(mine).findByText(/Ada Admin: Made the account/)).toBeTruthy();
    expect(api.calls("GET /admin/office-log").map((r) => r.query.get("familyId"))).toContain("f-1");
  });

  it("prices two seats, then books them with part paid in cash and the balance's day", async () => {
    api.on("GET /admin/families/f-1", { body: family });
    api.on("GET /admin/classes", {
      body: {
        items: [{ ...sampleClass({ _id: "c-1", class_name: "Kayak Week" }), status: "approved" }],
        total: 1,
        page: 1,
        size: 8,
      },
    });
    api.on("POST /admin/families/f-1/quote", {
      body: {
        lines: [
          {
            classId: "c-1",
            camperId: "k-1",
            className: "Kayak Week",
            camperName: "Cai Rivera",
            listPriceCents: 40_000,
            priceCents: 40_000,
            discounts: [],
          },
          {
            classId: "c-1",
            camperId: "k-2",
            className: "Kayak Week",
            camperName: "Bo Rivera",
            listPriceCents: 40_000,
            priceCents: 36_000,
            discounts: [{ name: "Sibling", cents: 4_000 }],
          },
        ],
        totalCents: 76_000,
      },
    });
    let tries = 0;
    api.on("POST /admin/families/f-1/bookings", () =>
      ++tries === 1
        ? {
            status: 409,
            body: {
              message: 'Families are waiting in the line of "Kayak Week": book ahead of them only with a reason.',
              fields: { aheadOfLineReason: "Say why this family goes ahead of the families waiting." },
            },
          }
        : { status: 201, body: { order: { ...order, totalCents: 76_000, owedCents: 46_000 } } },
    );
    renderPage("/dashboard/front-desk?family=f-1");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Kayak Week" }));
    const seatsOf = screen.getByRole("group", { name: "Who takes a seat in Kayak Week" });
    await userEvent.click(within(seatsOf).getByRole("checkbox", { name: "Cai Rivera" }));
    await userEvent.click(within(seatsOf).getByRole("checkbox", { name: "Bo Rivera" }));
    await userEvent.click(screen.getByRole("button", { name: "Price these seats" }));
    const prices = await screen.findByRole("table", { name: "The price of each seat" });
    expect(within(prices).getByRole("row", { name: /Total/ }).textContent).toContain("$760.00");
    expect(within(prices).getByText("Sibling −$40.00")).toBeTruthy();

    const amount = screen.getByRole("textbox", { name: "Amount received (dollars)" });
    expect((amount as HTMLInputElement).value).toBe("760.00");
    await userEvent.clear(amount);
    await userEvent.type(amount, "300");
    await userEvent.click(screen.getByRole("button", { name: "Book" }));
    const due = screen.getByLabelText("Balance due by");
    expect(document.activeElement).toBe(due);
    expect(api.calls("POST /admin/families/f-1/bookings")).toHaveLength(0);
    await userEvent.type(due, "2099-04-01");
    await userEvent.click(screen.getByRole("button", { name: "Book" }));

    expect((await screen.findByRole("alert")).textContent).toMatch(
      /line of "Kayak Week": book ahead of them only with a reason\. To book ahead/,
    );
    const reason = screen.getByRole("textbox", { name: "Reason to book ahead of the waiting line" });
    await userEvent.type(reason, "Sibling of an enrolled camper");
    await userEvent.click(screen.getByRole("button", { name: "Book" }));
    expect(await screen.findByText("Booked 1 seat for $760.00. Owed: $460.00.")).toBeTruthy();
    const sent = api.calls("POST /admin/families/f-1/bookings").map((r) => r.body);
    expect(sent[1]).toEqual({
      seats: [
        { classId: "c-1", camperId: "k-1" },
        { classId: "c-1", camperId: "k-2" },
      ],
      payment: { method: "cash", amountCents: 30_000, receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      dueDay: "2099-04-01",
      aheadOfLineReason: "Sibling of an enrolled camper",
    });
  });

  it("records a cheque on a booking that owes, and says the API's field message under its field", async () => {
    api.on("GET /admin/families/f-1", { body: { ...family, orders: [order] } });
    api.on("POST /admin/orders/o-1/payments", {
      status: 400,
      body: { message: "Check the payment.", fields: { reference: "A cheque number is at most 20 characters" } },
    });
    renderPage("/dashboard/front-desk?family=f-1");
    const booking = await screen.findByRole("listitem", { name: /^Booked .* at the desk$/ });
    expect(within(booking).getByText("Partially paid")).toBeTruthy();
    expect(within(booking).getByRole("table", { name: /^Payments of the booking/ }).textContent).toContain("$150.00");
    await userEvent.click(within(booking).getByRole("button", { name: /^Record a payment on the booking/ }));
    await userEvent.click(within(booking).getByRole("radio", { name: "Cheque" }));
    await userEvent.click(within(booking).getByRole("button", { name: "Record the payment" }));
    const number = within(booking).getByRole("textbox", { name: "Cheque number" });
    expect(number.getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(number, "0012345678901234567890");
    await userEvent.click(within(booking).getByRole("button", { name: "Record the payment" }));
    expect(await within(booking).findByText("A cheque number is at most 20 characters")).toBeTruthy();
    expect(api.calls("POST /admin/orders/o-1/payments")[0]!.body).toMatchObject({
      method: "cheque",
      amountCents: 25_000,
      reference: "0012345678901234567890",
    });
  });
});
