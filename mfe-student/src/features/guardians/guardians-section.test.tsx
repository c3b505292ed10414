/*
 * The family's parents and guardians on My Campers, over HTTP to the remotes' test server: asked
 * for before the first booking, checked as the API checks them, and the API's own refusals placed
 * under the fields they name.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Guardians } from "shared-auth";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GuardiansSection } from "./guardians-section";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
});

const EMAIL = "parent@example.com";
const first = {
  name: "Pat Parent",
  relation: "father",
  phone: "+1 555 0100",
  address_line1: "12 Field Lane",
  address_line2: "",
  city: "Springfield",
  region: "",
  postal_code: "62701",
};
let notices: string[];
beforeEach(() => {
  api.requests.length = 0;
  notices = [];
  signInAs("student", api, { email: EMAIL, displayName: "Pat Parent", emailVerified: true });
  api.on("GET /guardians", { body: { guardians: [], complete: false } satisfies Guardians });
});

const renderSection = () => {
  render(
    <AppProviders path="/dashboard/campers">
      <GuardiansSection onNotice={(text) => notices.push(text)} />
    </AppProviders>,
  );
  return userEvent.setup();
};

describe("Parents and guardians", () => {
  it("asks for the account holder's phone and address before the first booking, checks them, and saves", async () => {
    const user = renderSection();
    expect((await screen.findByTestId("guardian-banner")).textContent).toContain("Before your first booking");
    const you = screen.getByRole("group", { name: "You" });
    expect(within(you).getByLabelText("Full name")).toHaveProperty("value", "Pat Parent");
    expect(within(you).getByText(EMAIL)).toBeTruthy();
    // No way out of it until it is given: there is nothing to cancel back to.
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();

    await user.type(within(you).getByLabelText("Mobile phone"), "call me");
    await user.click(screen.getByRole("button", { name: "Save details" }));
    expect(
      await screen.findByText("Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters"),
    ).toBeTruthy();
    expect(screen.getByText("Street address is required")).toBeTruthy();
    expect(screen.getByText("Relation is required (for example: mother, father, grandmother, guardian)")).toBeTruthy();
    expect(api.calls("PUT /guardians")).toHaveLength(0);

    api.on("PUT /guardians", (request) => ({
      body: {
        guardians: [{ position: 1, email: EMAIL, ...(request.body as { first: typeof first }).first }],
        complete: true,
      },
    }));
    await user.type(within(you).getByLabelText("Relation to the children"), "father");
    await user.clear(within(you).getByLabelText("Mobile phone"));
    await user.type(within(you).getByLabelText("Mobile phone"), first.phone);
    await user.type(within(you).getByLabelText("Street address"), first.address_line1);
    await user.type(within(you).getByLabelText("Town or city"), first.city);
    await user.type(within(you).getByLabelText("Postal code"), first.postal_code);
    await user.click(screen.getByRole("button", { name: "Save details" }));

    const saved = await screen.findByRole("region", { name: "Parents and guardians" });
    expect(api.calls("PUT /guardians").map((r) => r.body)).toEqual([{ first, second: null }]);
    expect(within(saved).getByText("+1 555 0100")).toBeTruthy();
    expect(within(saved).getByText("12 Field Lane, Springfield, 62701")).toBeTruthy();
    expect(screen.queryByTestId("guardian-banner")).toBeNull();
    expect(notices).toEqual(["Parents and guardians: saved."]);
  });

  it("adds a second parent at the same address, and shows the API's refusal under the field it names", async () => {
    api.on("GET /guardians", { body: { guardians: [{ position: 1, email: EMAIL, ...first }], complete: true } });
    const user = renderSection();
    await user.click(await screen.findByRole("button", { name: "Edit parents and guardians" }));
    await user.click(screen.getByLabelText("Add a second parent or guardian"));
    const second = screen.getByRole("group", { name: "Second parent or guardian" });
    await user.click(within(second).getByRole("button", { name: "Same address as mine" }));
    expect(within(second).getByLabelText("Street address")).toHaveProperty("value", "12 Field Lane");
    await user.type(within(second).getByLabelText("Full name"), "Sam Parent");
    await user.type(within(second).getByLabelText("Relation to the children"), "mother");
    await user.type(within(second).getByLabelText("Mobile phone"), "+1 555 0101");
    await user.type(within(second).getByLabelText("E-mail"), "sam@example.com");

    api.on("PUT /guardians", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are invalid.",
        fields: { "second.email": "Not deliverable" },
      },
    });
    await user.click(screen.getByRole("button", { name: "Save details" }));
    expect(await within(second).findByText("Not deliverable")).toBeTruthy();
    expect(document.activeElement).toBe(within(second).getByLabelText("E-mail"));
    expect(api.calls("PUT /guardians")[0]?.body).toMatchObject({
      second: { name: "Sam Parent", email: "sam@example.com", address_line1: "12 Field Lane", postal_code: "62701" },
    });
  });
});
