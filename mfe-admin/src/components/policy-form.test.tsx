/*
 * Admin Home's cancellation policy form, over HTTP to the remotes' test server (shared-auth/testing):
 * the refund fields as before, and the rule for families moving their own seats (decision 048).
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import type { CancellationPolicy } from "shared-auth/wire";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PolicyForm } from "./policy-form";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The API's words for a moving rule (api/src/platform/cancellation-policy.ts, moveText). */
const moveText = (moveDays: number | null, moveFeeCents: number) =>
  moveDays === null
    ? "To move a seat to another class, call or visit the office."
    : `You can move a seat to another class yourself until ${moveDays} days before its first day${
        moveFeeCents > 0 ? `, for a fee of $${(moveFeeCents / 100).toFixed(2)}` : ""
      }: what you paid goes to the new seat, and you pay or get back the difference.`;

const policy = (moveDays: number | null, moveFeeCents = 0): CancellationPolicy => ({
  fullRefundDays: 14,
  partialRefundDays: 7,
  partialPercent: 50,
  feeCents: 250,
  text: "Full refund until 14 days before the first day, 50% until 7 days before.",
  moveDays,
  moveFeeCents,
  moveText: moveText(moveDays, moveFeeCents),
});

const patches = () => api.calls("PATCH /admin/cancellation-policy");

beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /cancellation-policy", { body: policy(14) });
  // The API answers the policy as saved, its rule in words with it.
  api.on("PATCH /admin/cancellation-policy", (request) => {
    const body = request.body as { moveDays: number | null; moveFeeCents?: number };
    return { body: policy(body.moveDays, body.moveFeeCents ?? 0) };
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

function renderForm() {
  render(
    <AppProviders path="/dashboard/adminhome">
      <PolicyForm />
    </AppProviders>,
  );
  return userEvent.setup();
}

describe("the cancellation policy form", () => {
  it("sends the refund fields as before, and the moving rule: days and the fee in cents", async () => {
    const user = renderForm();
    const moves = await screen.findByRole("checkbox", { name: "Families may move a seat themselves" });
    expect((moves as HTMLInputElement).checked).toBe(true);
    const days = screen.getByRole("spinbutton", { name: "Until how many days before the first day" });
    expect((days as HTMLInputElement).value).toBe("14");
    expect(screen.getByTestId("policy-move-text").textContent).toBe(moveText(14, 0));

    await user.clear(days);
    await user.type(days, "21");
    const fee = screen.getByRole("textbox", { name: "Fee for a move (dollars)" });
    await user.clear(fee);
    await user.type(fee, "12.5");
    await user.click(screen.getByRole("button", { name: "Save policy" }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({
      fullRefundDays: 14,
      partialRefundDays: 7,
      partialPercent: 50,
      feeCents: 250,
      moveDays: 21,
      moveFeeCents: 1_250,
    });
    // The rule as saved, in the API's words, under the fields.
    await waitFor(() => expect(screen.getByTestId("policy-move-text").textContent).toBe(moveText(21, 1_250)));
  });

  it("unchecked, only the office moves seats: the days and fee go, and moveDays is sent as null", async () => {
    const user = renderForm();
    await user.click(await screen.findByRole("checkbox", { name: "Families may move a seat themselves" }));
    expect(screen.queryByRole("spinbutton", { name: "Until how many days before the first day" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Fee for a move (dollars)" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save policy" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ moveDays: null });
    expect(patches()[0]!.body).not.toHaveProperty("moveFeeCents");
    await waitFor(() =>
      expect(screen.getByTestId("policy-move-text").textContent).toBe(
        "To move a seat to another class, call or visit the office.",
      ),
    );
  });

  it("checking it for an academy where only the office moved seats offers 14 days, and says wrong values", async () => {
    api.on("GET /cancellation-policy", { body: policy(null, 500) });
    const user = renderForm();
    const moves = await screen.findByRole("checkbox", { name: "Families may move a seat themselves" });
    expect((moves as HTMLInputElement).checked).toBe(false);
    await user.click(moves);
    const days = screen.getByRole("spinbutton", { name: "Until how many days before the first day" });
    expect((days as HTMLInputElement).value).toBe("14");
    expect((screen.getByRole("textbox", { name: "Fee for a move (dollars)" }) as HTMLInputElement).value).toBe("5.00");

    await user.clear(days);
    await user.type(days, "0");
    const fee = screen.getByRole("textbox", { name: "Fee for a move (dollars)" });
    await user.clear(fee);
    await user.type(fee, "1500");
    await user.click(screen.getByRole("button", { name: "Save policy" }));
    expect(screen.getByText("A whole number of days from 1 to 365.")).toBeTruthy();
    expect(screen.getByText("An amount in dollars from $0 to $1,000.")).toBeTruthy();
    expect(days.getAttribute("aria-invalid")).toBe("true");
    expect(patches()).toHaveLength(0);
  });
});
