/// <reference types="node" />
// The remotes' test server (shared-auth/testing) runs in Node; the shell's own code takes no Node types.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { academyStore, signIn } from "shared-auth";
import { resetPage, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPasswordFromLink } from "../account/claim";
import { SetupPage } from "./setup-page";

/*
 * /setup as a new installation's operator opens it: the API's GET and POST /setup over HTTP to the
 * test server, Firebase's answers standing in for the identity service (mocked as on the claim page).
 */
vi.mock("shared-auth", async (original) => ({
  ...(await original<typeof import("shared-auth")>()),
  signIn: vi.fn(),
}));
vi.mock("../account/claim", async (original) => ({
  ...(await original<typeof import("../account/claim")>()),
  setPasswordFromLink: vi.fn(),
}));

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

const open = () =>
  render(
    <MemoryRouter initialEntries={["/setup"]}>
      <Routes>
        <Route path="/setup" element={<SetupPage />} />
        <Route path="/dashboard" element={<p>The admin&apos;s dashboard</p>} />
        <Route path="/login" element={<p>The Log in page</p>} />
      </Routes>
    </MemoryRouter>,
  );

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

function fillIn() {
  type("Setup token", " tok_en-123 ");
  type("Name shown on every page", "Lakeside Kids Camp");
  type("Legal name", "Lakeside Kids Camp Inc.");
  type("Address", "9 Harbour Road\n\n Duluth, MN 55802 ");
  type("Phone", "+1 218 555 0199");
  type("Contact e-mail", "office@lakeside.example");
  type("Your name", "Dana Director");
  type("Your e-mail", "dana@lakeside.example");
  type("Password", "Camp#Pass1");
  type("Confirm password", "Camp#Pass1");
}

describe("the first-run setup page", () => {
  it("sends the academy and the admin (never the password), sets the password with Firebase and signs in", async () => {
    api.on("GET /setup", { body: { needed: true } });
    api.on("POST /setup", { status: 201, body: { email: "dana@lakeside.example", code: "code-1" } });
    setPassword.mockResolvedValue();
    logIn.mockResolvedValue();
    open();
    await screen.findByRole("form", { name: "Set up your academy" });
    fillIn();
    fireEvent.click(screen.getByRole("button", { name: "Set up the academy and log in" }));
    expect(await screen.findByText("The admin's dashboard")).toBeTruthy();
    expect(api.calls("POST /setup").map((r) => r.body)).toEqual([
      {
        token: "tok_en-123",
        academy: {
          name: "Lakeside Kids Camp",
          legalName: "Lakeside Kids Camp Inc.",
          addressLines: ["9 Harbour Road", "Duluth, MN 55802"],
          phone: "+1 218 555 0199",
          email: "office@lakeside.example",
        },
        admin: { name: "Dana Director", email: "dana@lakeside.example" },
      },
    ]);
    expect(setPassword).toHaveBeenCalledWith("code-1", "Camp#Pass1");
    expect(logIn).toHaveBeenCalledWith("dana@lakeside.example", "Camp#Pass1");
  });

  it("puts the API's refusals under their fields, and a site set up leads to Log in", async () => {
    api.on("GET /setup", { body: { needed: true } });
    api.on("POST /setup", {
      status: 403,
      body: {
        error: "Forbidden",
        message: "That is not this site's setup token: copy it from the API's log.",
        fields: { token: "Not the setup token.", "academy.addressLines.1": "At most 120 characters." },
      },
    });
    open();
    await screen.findByRole("form", { name: "Set up your academy" });
    fillIn();
    fireEvent.click(screen.getByRole("button", { name: "Set up the academy and log in" }));
    expect(await screen.findByText("Not the setup token.")).toBeTruthy();
    expect(screen.getByLabelText("Address").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("At most 120 characters.")).toBeTruthy();
    expect(setPassword).not.toHaveBeenCalled();
    cleanup();

    api.on("GET /setup", { body: { needed: false } });
    open();
    expect(await screen.findByText("This site is set up: its admins log in as usual.")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Go to Log in" }));
    expect(await screen.findByText("The Log in page")).toBeTruthy();
  });
});
