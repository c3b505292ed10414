import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { BalancesDue, OfficeInstalment } from "../lib/balances";
import BalancesPage from "./balances-page";

// jsdom has no modal dialogs: opening one only marks it open, which is all these tests read.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
};

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

const charge = (over: Partial<OfficeInstalment>): OfficeInstalment => ({
  _id: "i-1",
  orderId: "o-1",
  familyId: "f-1",
  familyName: "Rivera",
  email: "rivera@example.com",
  guardians: [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }],
  due: "2027-06-01",
  week: "2027-05-31",
  amountCents: 15_000,
  status: "scheduled",
  attempts: 0,
  daysOverdue: 0,
  problem: null,
  nextAttemptAt: null,
  atRisk: false,
  atRiskSince: null,
  note: null,
  planName: "Two payments",
  seats: [{ classId: "c-1", className: "Swim Starters", camperName: "Mia Rivera", cents: 15_000 }],
  ...over,
});

const balances = (over: Partial<BalancesDue> = {}): BalancesDue => ({
  today: "2027-06-10",
  owedCents: 45_000,
  overdueCents: 30_000,
  atRiskCents: 20_000,
  collectedCents: 90_000,
  byWeek: [
    { key: "2027-05-31", label: "Week of May 31, 2027", owedCents: 30_000, overdueCents: 30_000, charges: 2 },
    { key: "2027-06-28", label: "Week of Jun 28, 2027", owedCents: 15_000, overdueCents: 0, charges: 1 },
  ],
  byFamily: [
    { key: "f-2", label: "<b>Chen</b> (chen@example.com)", owedCents: 25_000, overdueCents: 20_000, charges: 1 },
    { key: "f-1", label: "Rivera (rivera@example.com)", owedCents: 20_000, overdueCents: 10_000, charges: 2 },
  ],
  byClass: [{ key: "c-1", label: "Swim Starters", owedCents: 45_000, overdueCents: 30_000, charges: 3 }],
  instalments: [
    charge({
      _id: "i-1",
      status: "failed",
      attempts: 1,
      daysOverdue: 9,
      amountCents: 10_000,
      problem: "The card was declined.",
      nextAttemptAt: "2027-06-12T16:00:00.000Z",
    }),
    charge({
      _id: "i-2",
      orderId: "o-2",
      familyId: "f-2",
      familyName: "<b>Chen</b>",
      email: "chen@example.com",
      due: "2027-06-03",
      status: "failed",
      attempts: 4,
      daysOverdue: 7,
      amountCents: 20_000,
      problem: "The card has expired.",
      atRisk: true,
      seats: [{ classId: "c-1", className: "Swim Starters", camperName: "Leo Chen", cents: 20_000 }],
    }),
    charge({ _id: "i-3", due: "2027-07-01", week: "2027-06-28", note: "Moved at the family's request" }),
  ],
  ...over,
});

const renderPage = () =>
  render(
    <AppProviders path="/dashboard/balances">
      <BalancesPage />
    </AppProviders>,
  );

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));

describe("the balances due page", () => {
  it("shows the server's totals, and its groups by due week, family and class", async () => {
    api.on("GET /admin/balances", { body: balances() });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Balances due" })).toBeTruthy();
    const figures = await screen.findAllByRole("definition");
    expect(figures.map((f) => f.textContent).filter((t) => t?.startsWith("$"))).toEqual([
      "$450.00",
      "$300.00",
      "$200.00",
      "$900.00",
    ]);
    const views = screen.getByRole("group", { name: "Group the totals" });
    const pressed = () =>
      within(views)
        .getAllByRole("button")
        .filter((b) => b.getAttribute("aria-pressed") === "true")
        .map((b) => b.textContent);
    // Oldest week first, as the server orders it.
    expect(pressed()).toEqual(["By due week"]);
    expect(rowsOf(screen.getByRole("table", { name: "Totals by due week" }))).toEqual([
      ["Week of May 31, 2027", "2", "$300.00", "$300.00"],
      ["Week of Jun 28, 2027", "1", "$150.00", "$0.00"],
    ]);
    const user = userEvent.setup();
    await user.click(within(views).getByRole("button", { name: "By family" }));
    expect(pressed()).toEqual(["By family"]);
    // A family's name is text, never markup.
    expect(rowsOf(screen.getByRole("table", { name: "Totals by family" }))).toEqual([
      ["<b>Chen</b> (chen@example.com)", "1", "$250.00", "$200.00"],
      ["Rivera (rivera@example.com)", "2", "$200.00", "$100.00"],
    ]);
    await user.click(within(views).getByRole("button", { name: "By class" }));
    expect(rowsOf(screen.getByRole("table", { name: "Totals by class" }))).toEqual([
      ["Swim Starters", "3", "$450.00", "$300.00"],
    ]);
  });

  it("lists the charges in words, filters them, and offers Try again only for a refused charge that is due", async () => {
    api.on("GET /admin/balances", { body: balances() });
    renderPage();
    const table = await screen.findByRole("table", { name: "Charges still to come or refused" });
    const rows = rowsOf(table);
    expect(rows.map((r) => r.slice(0, 7))).toEqual([
      [
        "Jun 1, 2027",
        "Riverarivera@example.comTwo payments",
        "Mia Rivera, Swim Starters",
        "$100.00",
        expect.stringMatching(/^Refused — tried again on Jun 12, 2027.*The card was declined\.1 attempt$/),
        "9 days",
        "",
      ],
      [
        "Jun 3, 2027",
        "<b>Chen</b>chen@example.comTwo payments",
        "Leo Chen, Swim Starters",
        "$200.00",
        "At risk: refused, no attempt leftThe card has expired.4 attempts",
        "7 days",
        "",
      ],
      [
        "Jul 1, 2027",
        "Riverarivera@example.comTwo payments",
        "Mia Rivera, Swim Starters",
        "$150.00",
        "Scheduled",
        "Not yet",
        "Moved at the family's request",
      ],
    ]);
    expect(within(table).getByRole("button", { name: "Try again: Rivera, $100.00 due Jun 1, 2027" })).toBeTruthy();
    expect(within(table).queryByRole("button", { name: /^Try again: Rivera, \$150\.00/ })).toBeNull();
    expect(within(table).getByRole("button", { name: "Waive… <b>Chen</b>, $200.00 due Jun 3, 2027" })).toBeTruthy();

    const user = userEvent.setup();
    const show = screen.getByRole("combobox", { name: "Show" });
    await user.selectOptions(show, "At risk");
    expect(rowsOf(table).map((r) => r[1])).toEqual(["<b>Chen</b>chen@example.comTwo payments"]);
    await user.selectOptions(show, "Overdue");
    expect(rowsOf(table).map((r) => r[0])).toEqual(["Jun 1, 2027", "Jun 3, 2027"]);
    await user.selectOptions(show, "All");
    expect(rowsOf(table)).toHaveLength(3);
  });

  it("says the server's reason beside the new day when a move is refused, and what happened when it is done", async () => {
    api.on("GET /admin/balances", { body: balances() });
    api.on("POST /admin/instalments/i-3/move", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "The new day must be today or later.",
        fields: { due: "Today (2027-06-10) or later." },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "Charges still to come or refused" });
    await user.click(within(table).getByRole("button", { name: "Move… Rivera, $150.00 due Jul 1, 2027" }));
    const dialog = screen.getByRole("dialog", { name: "Move a charge" });
    const day = within(dialog).getByLabelText("New day");
    expect((day as HTMLInputElement).value).toBe("2027-07-01");

    // The reason is asked for before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: "Move the charge" }));
    const reason = within(dialog).getByRole("textbox", { name: /Reason/ });
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(reason.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Say why: the family and the office read it later.",
    );
    expect(api.calls("POST /admin/instalments/i-3/move")).toHaveLength(0);

    fireEvent.change(day, { target: { value: "2027-06-01" } });
    await user.type(reason, "The family asked");
    await user.click(within(dialog).getByRole("button", { name: "Move the charge" }));
    expect(await within(dialog).findByText("Today (2027-06-10) or later.")).toBeTruthy();
    expect(day.getAttribute("aria-invalid")).toBe("true");
    expect(day.getAttribute("aria-describedby")).toMatch(/-due-problem/);
    expect(reason.getAttribute("aria-invalid")).toBeNull();
    expect(api.calls("POST /admin/instalments/i-3/move")[0]!.body).toEqual({
      due: "2027-06-01",
      reason: "The family asked",
    });

    api.on("POST /admin/instalments/i-3/move", {
      body: { _id: "i-3", status: "scheduled", due: "2027-06-20", note: "The family asked" },
    });
    fireEvent.change(day, { target: { value: "2027-06-20" } });
    const reads = api.calls("GET /admin/balances").length;
    await user.click(within(dialog).getByRole("button", { name: "Move the charge" }));
    const said = await screen.findByText("Rivera's charge of $150.00 due Jul 1, 2027 is moved to Jun 20, 2027.");
    expect(said.getAttribute("role")).toBe("status");
    expect(screen.queryByRole("dialog")).toBeNull();
    await expect.poll(() => api.calls("GET /admin/balances").length).toBeGreaterThan(reads);
  });

  it("says a conflict in the dialog, in the server's words", async () => {
    api.on("GET /admin/balances", { body: balances() });
    api.on("POST /admin/instalments/i-2/waive", {
      status: 409,
      body: { error: "Conflict", message: "This charge is being made right now: wait a minute, then look again." },
    });
    renderPage();
    const user = userEvent.setup();
    // Phones get cards with the same buttons: the one in the cards this time.
    const cards = await screen.findByRole("list", { name: "Charges still to come or refused" });
    await user.click(within(cards).getByRole("button", { name: "Waive… <b>Chen</b>, $200.00 due Jun 3, 2027" }));
    const dialog = screen.getByRole("dialog", { name: "Waive a charge" });
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Hardship");
    await user.click(within(dialog).getByRole("button", { name: "Waive the charge" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "This charge is being made right now: wait a minute, then look again.",
    );
  });

  it("downloads the CSV with the admin's token, named as the API names it", async () => {
    api.on("GET /admin/balances", { body: balances() });
    api.on("GET /admin/balances.csv", { body: '"due","week"\n' });
    // jsdom makes no object URLs and saves nothing: the link's click is what the browser would save.
    const made = vi.fn(() => "blob:balances");
    URL.createObjectURL = made;
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Download CSV" }));
    await expect.poll(() => saved).toEqual(["balances-due-2027-06-10.csv"]);
    expect(api.calls("GET /admin/balances.csv")[0]!.authorization).toMatch(/^Bearer /);
    expect(made).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it("says when nothing is owed, and when the balances could not be loaded", async () => {
    api.on("GET /admin/balances", { status: 403, body: { error: "Forbidden", message: "Only admins see balances." } });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/The balances due could not be loaded/);
    api.on("GET /admin/balances", {
      body: balances({
        owedCents: 0,
        overdueCents: 0,
        atRiskCents: 0,
        byWeek: [],
        byFamily: [],
        byClass: [],
        instalments: [],
      }),
    });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No family owes anything on a payment plan.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
