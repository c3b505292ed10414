import { cleanup, render, screen, within } from "@testing-library/react";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Discount } from "../lib/discounts";
import DiscountsPage from "./discounts-page";

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

const code = (over: Partial<Discount>): Discount => ({
  _id: "d-1",
  kind: "code",
  name: "Spring flyer",
  code: "SPRING10",
  percentOff: 10,
  amountOffCents: null,
  summary: "10% off",
  minSeats: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerFamily: null,
  classIds: [],
  classes: [],
  sports: [],
  minOrderCents: 0,
  paused: false,
  state: "active",
  uses: { orders: 0, revenueCents: 0, discountCents: 0, holds: 0 },
  ...over,
});

const renderPage = async () => {
  render(
    <AppProviders path="/dashboard/discounts">
      <DiscountsPage />
    </AppProviders>,
  );
  return screen.findByRole("table", { name: "Discounts" });
};

describe("the discounts list", () => {
  it("says each discount's state as the API gives it: expired, not started, used up, paused or active", async () => {
    api.on("GET /discounts", {
      body: [
        code({ _id: "a", name: "Old flyer", code: "OLD", validUntil: "2020-05-31", state: "expired" }),
        code({ _id: "b", name: "Autumn flyer", code: "AUTUMN", validFrom: "2099-09-01", state: "not_started" }),
        code({ _id: "c", name: "First ten", code: "TEN", maxUses: 10, state: "used_up" }),
        code({ _id: "d", name: "Held back", code: "HELD", paused: true, state: "paused" }),
        code({ _id: "e", name: "Open flyer", code: "OPEN" }),
      ],
    });
    const table = await renderPage();
    const stateOf = (name: string) => {
      const row = within(table)
        .getByRole("rowheader", { name: new RegExp(name) })
        .closest("tr")!;
      const cells = within(row).getAllByRole("cell");
      return cells[cells.length - 2]!.textContent;
    };
    expect(stateOf("Old flyer")).toBe("Expired");
    expect(stateOf("Autumn flyer")).toBe("Not started");
    expect(stateOf("First ten")).toBe("Used up");
    expect(stateOf("Held back")).toBe("Paused");
    expect(stateOf("Open flyer")).toBe("Active");
  });

  it("shows what the sibling discount brought, not a dash", async () => {
    api.on("GET /discounts", {
      body: [
        code({
          _id: "s",
          kind: "sibling",
          name: "Sibling discount",
          code: null,
          percentOff: 15,
          summary: "15% off each further child's seats",
          uses: { orders: 2, revenueCents: 52_163, discountCents: 4_410, holds: 0 },
        }),
      ],
    });
    const table = await renderPage();
    const row = within(table)
      .getByRole("rowheader", { name: /Sibling discount/ })
      .closest("tr")!;
    expect(within(row).getByText("2 orders, $521.63 revenue, $44.10 given")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Discounts" })).getByText(/Brought: 2 orders/)).toBeTruthy();
  });
});
