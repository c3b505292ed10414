import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Subscribers } from "./subscribers";

/** Admin Home's subscribers: a list that scrolls on its own is reached and scrolled by keyboard. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /newsletter", {
    body: Array.from({ length: 40 }, (_, i) => ({
      _id: `s-${i}`,
      email: `parent${i}@example.com`,
      createdAt: "2027-03-01T10:00:00.000Z",
    })),
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

describe("Subscribers", () => {
  it("is a named region the keyboard reaches (axe's scrollable-region-focusable)", async () => {
    render(
      <AppProviders path="/dashboard/adminhome">
        <Subscribers />
      </AppProviders>,
    );
    const region = await screen.findByRole("region", { name: "Subscribers, scrollable" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(screen.getAllByRole("listitem")).toHaveLength(40);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});
