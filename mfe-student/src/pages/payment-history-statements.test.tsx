/*
 * Year-end statements under Payment History, over HTTP to the remotes' test server
 * (shared-auth/testing), which answers with the API's routes and shapes (api/src/statements): a
 * child's statement read on the page, another year, an empty year, a year not ended, and the PDF
 * saved with the session's token.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PaymentRecord } from "shared-auth";
import type { Statement, StatementChoices } from "shared-auth/wire";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import PaymentHistoryPage from "./payment-history-page";

// jsdom's Blob has no text(), which every browser's has and a refused download's body is read with.
if (!("text" in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, "text", {
    configurable: true,
    value(this: Blob) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
        reader.readAsText(this);
      });
    },
  });
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
  vi.restoreAllMocks();
});

const MIA = "0b7d3c1e-2f4a-4b5c-8d6e-7f8091a2b3c4";
const LEO = "1c8e4d2f-3a5b-4c6d-9e7f-8091a2b3c4d5";

const record = (extra: Partial<PaymentRecord>): PaymentRecord => ({
  _id: "p1",
  email: "parent@example.com",
  transactionId: "pi_1",
  price: 250,
  amountCents: 25_000,
  date: "2025-03-10T18:00:00.000Z",
  quantity: 1,
  cartItems: [],
  classItems: ["c1"],
  status: "service pending",
  classNames: ["Soccer Week 1"],
  camperNames: ["Mia Rivera"],
  image: "",
  refunds: [],
  refunded: 0,
  refundedCents: 0,
  ...extra,
});

// Nothing paid in 2026: the page opens on 2025, the newest year with a payment.
const choices: StatementChoices = {
  years: [2026, 2025, 2024, 2023, 2022],
  campers: [
    { _id: MIA, name: "Mia Rivera" },
    { _id: LEO, name: "Leo Rivera" },
  ],
};

const miaStatement: Statement = {
  year: 2025,
  issuedOn: "2026-01-15",
  academy: {
    legalName: "Riverside Sports Academy LLC",
    address: "100 Field Road, Portland OR 97201",
    taxId: "93-1234567",
    email: "office@academy.example",
    phone: "+1 503 555 0100",
  },
  payer: { name: "Ana Rivera", email: "parent@example.com", address: "12 Field Lane, Portland 97201" },
  camper: { id: MIA, name: "Mia Rivera", dateOfBirth: "2017-03-03" },
  seats: [
    {
      className: "Soccer Week 1",
      firstDay: "2025-07-07",
      lastDay: "2025-07-11",
      daysAttended: ["2025-07-07", "2025-07-08"],
    },
    // Paid in 2025 for a camp of 2026 that has not met yet: its dates instead of days.
    { className: "Tennis Week 2", firstDay: "2026-07-06", lastDay: "2026-07-10", daysAttended: [] },
  ],
  payments: [
    { id: "pay-1", on: "2025-03-10", methodText: "by card", cents: 25_000 },
    { id: "pay-2", on: "2025-12-01", methodText: "by cheque no. 1042", cents: 18_000 },
  ],
  refunds: [{ id: "ref-1", on: "2025-07-20", methodText: "to the card", cents: 5_000 }],
  paidCents: 43_000,
  refundedCents: 5_000,
  netCents: 38_000,
};

beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  api.on("GET /payments", { body: [record({})] });
  api.on("GET /statements", { body: choices });
  api.on(`GET /statements/2025/campers/${MIA}`, { body: miaStatement });
});

const renderPage = () => {
  render(
    <AppProviders path="/dashboard/paymenthistory">
      <PaymentHistoryPage />
    </AppProviders>,
  );
  return userEvent.setup();
};

const section = async () => screen.findByRole("region", { name: "Year-end statements" });
/** The Year list, once the years have come. */
const yearList = async () => within(await section()).findByRole<HTMLSelectElement>("combobox", { name: "Year" });
const childRow = async (name: string) => within(await section()).findByRole("listitem", { name });

describe("Year-end statements on Payment History", () => {
  it("lists each child under the payments, for the newest year the family paid in", async () => {
    renderPage();
    const statements = await section();
    // Below the list of payments.
    const payments = screen.getByRole("list", { name: "Your payments, newest first" });
    expect(payments.compareDocumentPosition(statements) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(statements.textContent).toContain(
      "A statement of what you paid for each child in a year, for a dependent-care account or your taxes. Available after the year ends.",
    );
    const year = await yearList();
    expect(
      within(year)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["2026", "2025", "2024", "2023", "2022"]);
    expect(year.value).toBe("2025");
    const rows = within(statements).getAllByTestId("statement-child");
    expect(rows.map((r) => within(r).getByRole("heading").textContent)).toEqual(["Mia Rivera", "Leo Rivera"]);
    // Nothing is asked for a child until the family opens a statement.
    expect(api.requests.filter((r) => r.path.startsWith("/statements/"))).toEqual([]);
  });

  it("shows a child's statement inline on Show statement, and hides it again", async () => {
    const user = renderPage();
    const row = await childRow("Mia Rivera");
    const show = within(row).getByRole("button", { name: /^Show statement/ });
    expect(show.textContent).toBe("▸Show statement");
    expect(show.getAttribute("aria-label")).toBe("Show statement: Mia Rivera's statement for 2025");
    expect(show.getAttribute("aria-expanded")).toBe("false");
    await user.click(show);
    expect(show.getAttribute("aria-expanded")).toBe("true");
    const panel = within(row).getByRole("region", { name: "Mia Rivera's statement for 2025" });
    expect(show.getAttribute("aria-controls")).toBe(panel.id);
    const statement = await within(panel).findByTestId("statement");
    expect(api.calls(`GET /statements/2025/campers/${MIA}`)[0]!.authorization).toBe("Bearer test-access-token");

    const text = statement.textContent ?? "";
    expect(text).toContain("Issued January 15, 2026");
    expect(text).toContain("Riverside Sports Academy LLC");
    expect(text).toContain("100 Field Road, Portland OR 97201");
    expect(text).toContain("Tax id (EIN): 93-1234567");
    const paidBy = within(statement).getByRole("heading", { name: "Paid by" }).parentElement!;
    expect(paidBy.textContent).toContain("Ana Rivera");
    expect(paidBy.textContent).toContain("12 Field Lane, Portland 97201");
    expect(text).toContain("Date of birth: March 3, 2017");
    expect(
      within(statement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Soccer Week 1: 2 days attended: Jul 7, Jul 8", "Tennis Week 2: Enrolled Jul 6 to Jul 10, 2026"]);

    const paid = within(statement).getByRole("table", { name: "Payments for Mia Rivera in 2025" });
    expect(
      within(paid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Date", "How", "Amount"]);
    expect(
      within(paid)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["March 10, 2025By card$250.00", "December 1, 2025By cheque no. 1042$180.00"]);
    const back = within(statement).getByRole("table", { name: "Refunds for Mia Rivera in 2025" });
    expect(
      within(back)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["July 20, 2025To the card−$50.00"]);
    expect(within(statement).getByTestId("statement-totals").textContent).toBe(
      "Paid$430.00Refunded−$50.00Paid in the end$380.00",
    );

    await user.click(show);
    expect(show.getAttribute("aria-expanded")).toBe("false");
    expect(within(row).queryByRole("region")).toBeNull();
  });

  it("reads another year's statement when the year changes, and says when nothing was paid", async () => {
    api.on(`GET /statements/2024/campers/${MIA}`, {
      body: {
        ...miaStatement,
        year: 2024,
        seats: [],
        payments: [],
        refunds: [],
        paidCents: 0,
        refundedCents: 0,
        netCents: 0,
      },
    });
    const user = renderPage();
    const row = await childRow("Mia Rivera");
    await user.click(within(row).getByRole("button", { name: /^Show statement/ }));
    await within(row).findByRole("table", { name: "Payments for Mia Rivera in 2025" });
    await user.selectOptions(await yearList(), "2024");
    const panel = within(row).getByRole("region", { name: "Mia Rivera's statement for 2024" });
    expect(await within(panel).findByText("No payment for Mia Rivera in 2024.")).toBeTruthy();
    expect(within(panel).queryByRole("table")).toBeNull();
    expect(
      within(row)
        .getByRole("button", { name: /^Download PDF/ })
        .getAttribute("aria-label"),
    ).toBe("Download PDF: Mia Rivera's statement for 2024");
  });

  it("says in the API's words why a statement cannot be had, and tries again", async () => {
    api.on(`GET /statements/2026/campers/${LEO}`, {
      status: 409,
      body: { statusCode: 409, error: "Conflict", message: "Statements for 2026 can be had from 1 January 2027." },
    });
    const user = renderPage();
    await user.selectOptions(await yearList(), "2026");
    const row = await childRow("Leo Rivera");
    await user.click(within(row).getByRole("button", { name: /^Show statement/ }));
    const alert = await within(row).findByRole("alert");
    expect(alert.textContent).toContain("Leo Rivera's statement for 2026 could not be loaded");
    expect(alert.textContent).toContain("Statements for 2026 can be had from 1 January 2027.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(api.calls(`GET /statements/2026/campers/${LEO}`)).toHaveLength(2));
  });

  it("downloads the PDF with the session's token, saying Preparing… meanwhile", async () => {
    // jsdom makes no object URLs and saves nothing: the link's click is what the browser would save.
    URL.createObjectURL = vi.fn(() => "blob:statement");
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const held = gate();
    api.on(`GET /statements/2025/campers/${MIA}/pdf`, async () => {
      await held.promise;
      return { body: "%PDF-1.7" };
    });
    const user = renderPage();
    const row = await childRow("Mia Rivera");
    const download = within(row).getByRole<HTMLButtonElement>("button", {
      name: "Download PDF: Mia Rivera's statement for 2025",
    });
    expect(download.textContent).toBe("Download PDF");
    await user.click(download);
    expect(download.disabled).toBe(true);
    expect(download.textContent).toBe("Preparing…");
    held.open();
    // The test server cannot show Content-Disposition across origins: the page names the file itself.
    await expect.poll(() => saved).toEqual(["statement-2025-Mia-Rivera.pdf"]);
    await waitFor(() => expect(download.disabled).toBe(false));
    expect(download.textContent).toBe("Download PDF");
    expect(api.calls(`GET /statements/2025/campers/${MIA}/pdf`)[0]!.authorization).toBe("Bearer test-access-token");
    expect(within(row).queryByRole("alert")).toBeNull();
  });

  it("says why the PDF could not be made, in the API's words", async () => {
    api.on(`GET /statements/2025/campers/${LEO}/pdf`, {
      status: 404,
      body: { statusCode: 404, error: "Not Found", message: "There is no such child." },
    });
    const user = renderPage();
    const row = await childRow("Leo Rivera");
    await user.click(within(row).getByRole("button", { name: /^Download PDF/ }));
    expect((await within(row).findByRole("alert")).textContent).toBe(
      "The PDF could not be made: There is no such child.",
    );
  });

  it("shows under an empty history, and not at all for a family without children", async () => {
    api.on("GET /payments", { body: [] });
    renderPage();
    expect(await screen.findByText("No payments yet")).toBeTruthy();
    // With no payment to go by, the newest ended year.
    expect((await yearList()).value).toBe("2026");
    cleanup();
    resetPage();
    signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
    api.on("GET /statements", { body: { ...choices, campers: [] } });
    api.requests.length = 0;
    renderPage();
    expect(await screen.findByText("No payments yet")).toBeTruthy();
    await waitFor(() => expect(api.calls("GET /statements")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Year-end statements" })).toBeNull());
    expect(screen.queryByText(/Loading your year-end statements/)).toBeNull();
  });

  it("is not asked for by an instructor, who has no children here", async () => {
    signInAs("instructor", api, { email: "coach@example.com", displayName: "Coach" });
    api.on("GET /payments", { body: [record({ email: "coach@example.com" })] });
    renderPage();
    await screen.findByRole("list", { name: "Your payments, newest first" });
    expect(screen.queryByRole("region", { name: "Year-end statements" })).toBeNull();
    expect(api.calls("GET /statements")).toHaveLength(0);
  });
});
