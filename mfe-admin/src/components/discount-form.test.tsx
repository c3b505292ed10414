import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Discount } from "../lib/discounts";
import DiscountsPage from "../pages/discounts-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /discounts", { body: [] });
  api.on("GET /admin/classes", { body: { items: [], total: 0, page: 1, size: 8 } });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const summer: Discount = {
  _id: "d-1",
  kind: "code",
  name: "Summer welcome",
  code: "SUMMER20",
  percentOff: null,
  amountOffCents: 2000,
  summary: "$20.00 off",
  minSeats: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerFamily: null,
  classIds: [],
  classes: [],
  sports: [],
  minOrderCents: 10050,
  paused: false,
  state: "active",
  uses: { orders: 0, revenueCents: 0, discountCents: 0, holds: 0 },
};

async function openAddForm() {
  const user = userEvent.setup();
  render(
    <AppProviders path="/dashboard/discounts">
      <DiscountsPage />
    </AppProviders>,
  );
  await screen.findByText("No discounts yet");
  await user.click(screen.getByRole("button", { name: "Add a discount" }));
  const form = screen.getByRole("form", { name: "Add a discount" });
  return { user, form };
}

describe("DiscountFormCard", () => {
  it("refuses a percent that is not a number and a dollar amount with 3 decimals under their fields, sending nothing", async () => {
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Name families read"), "Welcome");
    await user.type(within(form).getByLabelText("Code"), "WELCOME");
    await user.type(within(form).getByLabelText("Percent off"), "ten");
    await user.click(within(form).getByRole("button", { name: "Add discount" }));
    expect(
      within(form).getByRole("textbox", { name: "Percent off", description: "A whole percent from 1 to 100." }),
    ).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText("Takes off"), "An amount in dollars");
    await user.clear(within(form).getByLabelText("Amount off ($)"));
    await user.type(within(form).getByLabelText("Amount off ($)"), "12.505");
    await user.type(within(form).getByLabelText("Minimum order ($)"), "about 100");
    await user.click(within(form).getByRole("button", { name: "Add discount" }));
    expect(
      within(form).getByRole("textbox", {
        name: "Amount off ($)",
        description: "An amount in dollars, such as 20 or 12.50.",
      }),
    ).toBeTruthy();
    expect(
      within(form).getByRole("textbox", {
        name: "Minimum order ($)",
        description: "An amount in dollars, such as 100 or 99.50.",
      }),
    ).toBeTruthy();
    expect(api.calls("POST /discounts")).toHaveLength(0);
  });

  it("checks every field before sending: each problem beside its field, a summary by the submit button, focus on the first", async () => {
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Code"), "a b");
    await user.type(within(form).getByLabelText("Percent off"), "0");
    await user.type(within(form).getByLabelText("First day"), "2027-06-10");
    await user.type(within(form).getByLabelText("Last day"), "2027-06-01");
    await user.type(within(form).getByLabelText("Uses in all (empty: no limit)"), "0");
    await user.type(within(form).getByLabelText("Uses per family (empty: no limit)"), "1.5");
    await user.click(within(form).getByRole("button", { name: "Add discount" }));

    const beside: [string, string][] = [
      ["Name families read", "Give the discount a name families will read."],
      ["Code", "A code is 3 to 32 letters, digits, - or _ (no spaces)."],
      ["Percent off", "A whole percent from 1 to 100."],
      ["Last day", "The last day is before the first."],
      ["Uses in all (empty: no limit)", "A whole number from 1, or leave it empty for no limit."],
      ["Uses per family (empty: no limit)", "A whole number from 1 to 1000, or leave it empty for no limit."],
    ];
    for (const [label, message] of beside) {
      const input = within(form).getByLabelText(label);
      expect(input.getAttribute("aria-invalid"), label).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent, label).toBe(message);
    }
    const summary = within(form).getByRole("alert");
    expect(summary.textContent).toBe(
      "6 fields need another look: Name, Code, Percent off, Last day, Uses in all, Uses per family.",
    );
    // The summary sits just before the submit button.
    expect(summary.nextElementSibling?.contains(within(form).getByRole("button", { name: "Add discount" }))).toBe(true);
    expect(document.activeElement).toBe(within(form).getByLabelText("Name families read"));
    expect(api.calls("POST /discounts")).toHaveLength(0);
  });

  it("sends dollars typed as cents, says Saving… with the button disabled meanwhile, then closes and reads the list again", async () => {
    const answer = gate();
    api.on("POST /discounts", async ({ body }) => {
      await answer.promise;
      return { status: 201, body: { ...summer, ...(body as object), _id: "d-2" } };
    });
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Name families read"), "Welcome");
    await user.type(within(form).getByLabelText("Code"), "WELCOME");
    await user.selectOptions(within(form).getByLabelText("Takes off"), "An amount in dollars");
    await user.type(within(form).getByLabelText("Amount off ($)"), "12.50");
    await user.type(within(form).getByLabelText("Minimum order ($)"), "99.5");
    await user.type(within(form).getByLabelText("Uses per family (empty: no limit)"), "1");
    await user.click(within(form).getByRole("checkbox", { name: "Tennis" }));
    await user.click(within(form).getByRole("button", { name: "Add discount" }));

    const saving = (await within(form).findByRole("button", { name: "Saving…" })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    // The button changes as the request leaves; the server may see it a moment later.
    await waitFor(() => expect(api.calls("POST /discounts")).toHaveLength(1));
    expect(api.calls("POST /discounts")[0]!.body).toMatchObject({
      kind: "code",
      name: "Welcome",
      code: "WELCOME",
      percentOff: null,
      amountOffCents: 1250,
      minOrderCents: 9950,
      maxUses: null,
      maxUsesPerFamily: 1,
      sports: ["tennis"],
      classIds: [],
      paused: false,
    });
    api.on("GET /discounts", { body: [{ ...summer, _id: "d-2", name: "Welcome", code: "WELCOME" }] });
    answer.open();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Add a discount" })).toBeNull());
    const table = await screen.findByRole("table", { name: "Discounts" });
    expect(within(table).getByRole("rowheader", { name: /Welcome/ })).toBeTruthy();
    expect(api.calls("POST /discounts")).toHaveLength(1);
  });

  it("shows the server's field messages under their fields and its message as an alert, and stays open", async () => {
    api.on("POST /discounts", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Check the highlighted fields.",
        fields: { code: "Another discount already uses this code", percentOff: "A whole percent from 1 to 100" },
      },
    });
    const { user, form } = await openAddForm();
    await user.type(within(form).getByLabelText("Name families read"), "Welcome");
    await user.type(within(form).getByLabelText("Code"), "SUMMER20");
    await user.type(within(form).getByLabelText("Percent off"), "15");
    await user.click(within(form).getByRole("button", { name: "Add discount" }));

    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Check the highlighted fields. 2 fields need another look: Code, Percent off.",
    );
    expect(
      within(form).getByRole("textbox", { name: "Code", description: "Another discount already uses this code" }),
    ).toBeTruthy();
    expect(
      within(form).getByRole("textbox", { name: "Percent off", description: "A whole percent from 1 to 100" }),
    ).toBeTruthy();
    expect(api.calls("POST /discounts")[0]!.body).toMatchObject({ percentOff: 15 });
    expect((within(form).getByRole("button", { name: "Add discount" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("editing shows the code's cents as dollars, keeps its kind, and sends only cents back", async () => {
    api.on("GET /discounts", { body: [summer] });
    api.on("PATCH /discounts/d-1", ({ body }) => ({ body: { ...summer, ...(body as object) } }));
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/discounts">
        <DiscountsPage />
      </AppProviders>,
    );
    const table = await screen.findByRole("table", { name: "Discounts" });
    expect(within(table).getByText("orders from $100.50")).toBeTruthy();
    await user.click(within(table).getByRole("button", { name: "Edit Summer welcome (SUMMER20)" }));

    const form = screen.getByRole("form", { name: "Change promo code" });
    expect((within(form).getByLabelText("Kind") as HTMLSelectElement).disabled).toBe(true);
    const amount = within(form).getByLabelText("Amount off ($)") as HTMLInputElement;
    expect(amount.value).toBe("20.00");
    expect((within(form).getByLabelText("Minimum order ($)") as HTMLInputElement).value).toBe("100.50");
    await user.clear(amount);
    await user.type(amount, "25");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(screen.queryByRole("form", { name: "Change promo code" })).toBeNull());
    const sent = api.calls("PATCH /discounts/d-1")[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amountOffCents: 2500, percentOff: null, minOrderCents: 10050 });
    expect(sent).not.toHaveProperty("kind");
  });
});
