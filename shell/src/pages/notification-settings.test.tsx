/// <reference types="node" />
// The remotes' test server (shared-auth/testing) runs in Node; the shell's own code takes no Node types.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { NotificationSettings } from "shared-auth/wire";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotificationSettingsSection } from "./notification-settings";

/*
 * Settings' calendar feed, driven as a family does, over HTTP to the remotes' test server
 * (shared-auth/testing), which answers as the API's /notification-settings routes do.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const FEED = "webcal://api.camp.example/calendar/";
let settings: NotificationSettings;
let made = 0;
beforeEach(() => {
  api.requests.length = 0;
  made = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent" });
  api.on("GET /notification-settings", () => ({ body: settings }));
  // As the API does: a new secret each time, the previous address revoked.
  api.on("POST /notification-settings/calendar-feed", () => {
    settings = { ...settings, calendarFeedUrl: `${FEED}${String(++made).padStart(32, "x")}.ics` };
    return { body: settings };
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const renderSection = () =>
  render(
    <AppProviders path="/settings">
      <NotificationSettingsSection />
    </AppProviders>,
  );

describe("the calendar feed in Settings", () => {
  it("making the first address says it is ready, and nothing about an address shared before", async () => {
    settings = { optionalEmails: true, calendarFeedUrl: null };
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Create a calendar address" }));
    expect(await screen.findByText("Your calendar address is ready.")).toBeTruthy();
    expect(screen.queryByText(/no longer works/)).toBeNull();
    expect((screen.getByLabelText("Your calendar address") as HTMLInputElement).value).toMatch(/^webcal:\/\//);
  });

  it("replacing an address says the one shared before no longer works", async () => {
    settings = { optionalEmails: true, calendarFeedUrl: `${FEED}${"o".repeat(32)}.ics` };
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "New address" }));
    expect(
      await screen.findByText("Your new calendar address is ready. Any address you shared before no longer works."),
    ).toBeTruthy();
  });
});
