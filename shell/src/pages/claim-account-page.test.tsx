/// <reference types="node" />
// The remotes' test server (shared-auth/testing) runs in Node; the shell's own code takes no Node types.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { academyStore, signIn } from "shared-auth";
import { setPasswordFromLink } from "../account/claim";
import { resetPage, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ClaimAccountPage } from "./claim-account-page";

/*
 * /claim-account as a family the office registered opens it: the API's POST /account-claims over
 * HTTP to the test server, Firebase's answers standing in for the identity service (the account
 * actions of shared-auth, mocked); the rest is the page as it runs.
 */
vi.mock("shared-auth", async (original) => ({
  ...(await original<typeof import("shared-auth")>()),
  signIn: vi.fn(),
}));
vi.mock("../account/claim", async (original) => ({
  ...(await original<typeof import("../account/claim")>()),
  setPasswordFromLink: vi.fn(),
}));
vi.mock("../account/notices", () => ({ notifySuccess: vi.fn(() => Promise.resolve()) }));

const setPassword = vi.mocked(setPasswordFromLink);
const logIn = vi.mocked(signIn);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  setPassword.mockReset();
  logIn.mockReset();
  academyStore.setState({ env: { apiUrl: api.url } });
});
afterEach(() => {
  cleanup();
  resetPage();
});
const opened = { body: { email: "ana@example.com", code: "abc123" } };

const openLink = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/claim-account${search}`]}>
      <Routes>
        <Route path="/claim-account" element={<ClaimAccountPage />} />
        <Route path="/dashboard" element={<p>The family&apos;s dashboard</p>} />
        <Route path="/login" element={<p>The Log in page</p>} />
      </Routes>
    </MemoryRouter>,
  );

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe("setting the password from the office's link", () => {
  it("names the account, holds the password to the sign-up rules, then signs in and opens the dashboard", async () => {
    api.on("POST /account-claims", opened);
    setPassword.mockResolvedValue();
    logIn.mockResolvedValue();
    openLink("?claim=the-link-token");
    expect(await screen.findByText("Set a password for ana@example.com.")).toBeTruthy();
    expect(api.calls("POST /account-claims").map((r) => r.body)).toEqual([{ token: "the-link-token" }]);

    type("Password", "weakpass");
    type("Confirm password", "weakpass");
    fireEvent.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(await screen.findByText(/Password must have one Uppercase/)).toBeTruthy();
    expect(setPassword).not.toHaveBeenCalled();

    type("Password", "Camp#Pass1");
    type("Confirm password", "Camp#Pass2");
    fireEvent.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();

    type("Confirm password", "Camp#Pass1");
    fireEvent.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(await screen.findByText("The family's dashboard")).toBeTruthy();
    expect(setPassword).toHaveBeenCalledWith("abc123", "Camp#Pass1");
    expect(logIn).toHaveBeenCalledWith("ana@example.com", "Camp#Pass1");
  });

  it("says an expired or used link has ended, and leads to Log in", async () => {
    api.on("POST /account-claims", { status: 410, body: { error: "Gone", message: "This link has expired." } });
    openLink("?claim=old");
    expect(await screen.findByRole("heading", { name: "This link has ended" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Go to Log in" }));
    expect(await screen.findByText("The Log in page")).toBeTruthy();
  });

  it("says a link without its token has ended, without asking the API", async () => {
    openLink("");
    expect(await screen.findByRole("heading", { name: "This link has ended" })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("offers Try again when the link could not be checked, and says a password set but not signed in", async () => {
    let answers = 0;
    api.on("POST /account-claims", () =>
      ++answers === 1
        ? { status: 502, body: { error: "Bad Gateway", message: "The sign-in service cannot be reached right now." } }
        : opened,
    );
    setPassword.mockResolvedValue();
    logIn.mockRejectedValue(Object.assign(new Error("busy"), { code: "auth/too-many-requests" }));
    openLink("?claim=the-link-token");
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Your link could not be checked: The sign-in service/,
    );
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Set a password for ana@example.com.");
    type("Password", "Camp#Pass1");
    type("Confirm password", "Camp#Pass1");
    fireEvent.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(await screen.findByRole("heading", { name: "Your password is set" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/Too many attempts/));
  });
});
