import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentPlan } from "../lib/plans";
import PaymentPlansPage from "../pages/payment-plans-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /payment-plans", { body: [] });
  api.on("GET /admin/classes", { body: { items: [], total: 0, page: 1, size: 8 } });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const spring: PaymentPlan = {
  _id: "p-1",
  name: "Spring in three",
  deposit: { percent: 25 },
  instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
  summary: "25% today, 25% 60 days before the first day, the rest 21 days before the first day",
  cutoffDays: 30,
  classIds: [],
  classes: [],
  minOrderCents: 25_000,
  paused: false,
};

async function openAddForm() {
  const user = userEvent.setup();
  render(
    <AppProviders path="/dashboard/payment-plans">
      <PaymentPlansPage />
    </AppProviders>,
  );
  await screen.findByText("No payment plans yet: families pay in full.");
  await user.click(screen.getByRole("button", { name: "Add a payment plan" }));
  const form = screen.getByRole("form", { name: "Add a payment plan" });
  return { user, form };
}

const row = (form: HTMLElement, n: number, last = false) =>
  within(form).getByRole("group", { name: `Instalment ${n}${last ? " (the last)" : ""}` });

describe("PlanFormCard", () => {
  it("always makes the last instalment the rest: no share there, one on every row before it", async () => {
    const { user, form } = await openAddForm();
    const only = row(form, 1, true);
    expect(within(only).getByText("Share: the rest.")).toBeTruthy();
    expect(within(only).queryByLabelText("Share (%)")).toBeNull();
    // One row cannot be removed: a plan has at least one instalment.
    expect(within(only).queryByRole("button", { name: /^Remove/ })).toBeNull();

    await user.click(within(form).getByRole("button", { name: "Add an instalment" }));
    expect(document.activeElement).toBe(within(row(form, 2, true)).getByLabelText("Due"));
    expect(within(row(form, 1)).getByLabelText("Share (%)")).toBeTruthy();
    expect(within(row(form, 2, true)).queryByLabelText("Share (%)")).toBeNull();
    expect(within(row(form, 2, true)).getByText("Share: the rest.")).toBeTruthy();

    // Taken out again: the one left is the rest once more, and has the focus.
    await user.click(within(row(form, 2, true)).getByRole("button", { name: "Remove instalment 2" }));
    expect(within(row(form, 1, true)).getByText("Share: the rest.")).toBeTruthy();
    expect(document.activeElement).toBe(within(row(form, 1, true)).getByLabelText("Due"));

    // At most 12.
    for (let i = 1; i < 12; i++) await user.click(within(form).getByRole("button", { name: "Add an instalment" }));
    expect(within(form).getAllByRole("group", { name: /^Instalment \d+/ })).toHaveLength(12);
    expect((within(form).getByRole("button", { name: "Add an instalment" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends dollars typed as cents, with the example before saving, then closes and reads the list again", async () => {
    const answer = gate();
    api.on("POST /payment-plans", async () => {
      await answer.promise;
      return { status: 201, body: { ...spring, _id: "p-2", name: "Deposit and two" } };
    });
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Name families read"), "Deposit and two");
    await user.selectOptions(within(form).getByLabelText("Deposit is"), "Dollars a seat");
    await user.type(within(form).getByLabelText("Deposit ($ a seat)"), "100.10");
    await user.click(within(form).getByRole("button", { name: "Add an instalment" }));
    const first = row(form, 1);
    await user.type(within(first).getByLabelText("Days before the first day"), "60");
    await user.selectOptions(within(first).getByLabelText("Share is"), "Dollars a seat");
    await user.type(within(first).getByLabelText("Share ($ a seat)"), "0.29");
    const last = row(form, 2, true);
    await user.selectOptions(within(last).getByLabelText("Due"), "On a day");
    await user.type(within(last).getByLabelText("Day"), "2030-04-01");
    await user.clear(within(form).getByLabelText("Offered until this many days before the first day"));
    await user.type(within(form).getByLabelText("Offered until this many days before the first day"), "30");
    await user.type(within(form).getByLabelText("Minimum order ($, empty: any)"), "299.99");
    expect(within(form).getByTestId("plan-example").textContent).toMatch(
      /For a \$400\.00 seat starting [A-Z][a-z]{2} \d{1,2}, \d{4}: \$100\.10 today, \$0\.29 on .+, \$299\.61 on Apr 1, 2030\./,
    );
    expect(within(form).getByTestId("plan-example").textContent).toMatch(/An illustration of the shares as typed/);
    await user.click(within(form).getByRole("button", { name: "Add plan" }));

    const saving = (await within(form).findByRole("button", { name: "Saving…" })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    await waitFor(() => expect(api.calls("POST /payment-plans")).toHaveLength(1));
    expect(api.calls("POST /payment-plans")[0]!.body).toEqual({
      name: "Deposit and two",
      deposit: { amountCents: 10_010 },
      instalments: [{ due: { daysBeforeStart: 60 }, share: { amountCents: 29 } }, { due: { date: "2030-04-01" } }],
      cutoffDays: 30,
      classIds: [],
      minOrderCents: 29_999,
      paused: false,
    });
    api.on("GET /payment-plans", { body: [{ ...spring, _id: "p-2", name: "Deposit and two" }] });
    answer.open();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Add a payment plan" })).toBeNull());
    const table = await screen.findByRole("table", { name: "Payment plans" });
    const added = within(table).getByRole("rowheader", { name: "Deposit and two" }).closest("tr")!;
    expect(within(added).getByText(spring.summary)).toBeTruthy();
    expect(within(added).getByText("All classes")).toBeTruthy();
    expect(within(added).getByText("Orders from $250.00")).toBeTruthy();
  });

  it("checks every field before sending: each problem beside its field, a summary by the submit button, focus on the first", async () => {
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Deposit (%)"), "100");
    await user.click(within(form).getByRole("button", { name: "Add an instalment" }));
    await user.type(within(row(form, 1)).getByLabelText("Share (%)"), "2.5");
    await user.click(within(form).getByRole("button", { name: "Add plan" }));

    const beside: [HTMLElement, string][] = [
      [within(form).getByLabelText("Name families read"), "Give the plan a name families will read."],
      [within(form).getByLabelText("Deposit (%)"), "A whole percent from 1 to 99."],
      [within(row(form, 1)).getByLabelText("Days before the first day"), "A whole number of days from 1 to 365."],
      [within(row(form, 1)).getByLabelText("Share (%)"), "A whole percent from 1 to 99."],
      [within(row(form, 2, true)).getByLabelText("Days before the first day"), "A whole number of days from 1 to 365."],
    ];
    for (const [input, message] of beside) {
      expect(input.getAttribute("aria-invalid"), message).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent, message).toBe(message);
    }
    const summary = within(form).getByRole("alert");
    expect(summary.textContent).toBe(
      "5 fields need another look: Name, Deposit, Instalment 1's day, Instalment 1's share, Instalment 2's day.",
    );
    expect(summary.nextElementSibling?.contains(within(form).getByRole("button", { name: "Add plan" }))).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText("Name families read")));
    expect(api.calls("POST /payment-plans")).toHaveLength(0);
  });

  it("shows the server's field messages beside their fields, its message and a summary as an alert, and stays open", async () => {
    api.on("POST /payment-plans", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields need another look.",
        fields: {
          instalments:
            "The deposit and the instalments before the last come to 100% or more: the last would have nothing left.",
          "instalments.0.share.percent": "A percent must be at most 99.",
          classIds: "A class chosen cannot be chosen any more.",
        },
      },
    });
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Name families read"), "Too much");
    await user.type(within(form).getByLabelText("Deposit (%)"), "25");
    await user.click(within(form).getByRole("button", { name: "Add an instalment" }));
    await user.type(within(row(form, 1)).getByLabelText("Days before the first day"), "60");
    await user.type(within(row(form, 1)).getByLabelText("Share (%)"), "80");
    await user.type(within(row(form, 2, true)).getByLabelText("Days before the first day"), "21");
    // The example says it before the server does.
    expect(within(form).getByTestId("plan-example").textContent).toMatch(/the last payment would have nothing left/);
    await user.click(within(form).getByRole("button", { name: "Add plan" }));

    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Some fields need another look. 3 fields need another look: Instalments, Instalment 1's share, Classes.",
    );
    const instalments = within(form).getByRole("group", { name: "Instalments after the deposit" });
    expect(document.getElementById(instalments.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "The deposit and the instalments before the last come to 100% or more: the last would have nothing left.",
    );
    expect(
      within(row(form, 1)).getByRole("textbox", { name: "Share (%)", description: "A percent must be at most 99." }),
    ).toBeTruthy();
    expect(
      within(form).getByRole("group", {
        name: "Classes it is for",
        description: "A class chosen cannot be chosen any more.",
      }),
    ).toBeTruthy();
    // The focus goes to the first field to fix: the instalments' first control.
    await waitFor(() => expect(document.activeElement).toBe(within(row(form, 1)).getByLabelText("Due")));
    expect(api.calls("POST /payment-plans")[0]!.body).toMatchObject({
      deposit: { percent: 25 },
      instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 80 } }, { due: { daysBeforeStart: 21 } }],
    });
    expect((within(form).getByRole("button", { name: "Add plan" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("editing shows cents as dollars and sends back what changed; Pause sends that alone", async () => {
    api.on("GET /payment-plans", { body: [spring] });
    api.on("PATCH /payment-plans/p-1", ({ body }) => ({ body: { ...spring, ...(body as object) } }));
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/payment-plans">
        <PaymentPlansPage />
      </AppProviders>,
    );
    const table = await screen.findByRole("table", { name: "Payment plans" });
    const line = within(table).getByRole("rowheader", { name: "Spring in three" }).closest("tr")!;
    expect(within(line).getByText("Until 30 days before the first day")).toBeTruthy();
    expect(within(line).getByText("Offered")).toBeTruthy();
    await user.click(within(line).getByRole("button", { name: "Edit Spring in three" }));
    const form = screen.getByRole("form", { name: "Change payment plan" });
    expect((within(form).getByLabelText("Minimum order ($, empty: any)") as HTMLInputElement).value).toBe("250.00");
    await user.clear(within(form).getByLabelText("Minimum order ($, empty: any)"));
    await user.type(within(form).getByLabelText("Minimum order ($, empty: any)"), "300");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Change payment plan" })).toBeNull());
    const sent = api.calls("PATCH /payment-plans/p-1")[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ minOrderCents: 30_000, deposit: { percent: 25 } });
    // The instalments as they were are not sent again.
    expect(sent).not.toHaveProperty("instalments");

    await user.click(within(line).getByRole("button", { name: "Pause Spring in three" }));
    await waitFor(() => expect(api.calls("PATCH /payment-plans/p-1")).toHaveLength(2));
    expect(api.calls("PATCH /payment-plans/p-1")[1]!.body).toEqual({ paused: true });
  });
});
