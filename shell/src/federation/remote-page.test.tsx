import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The federation runtime is the one thing replaced here: these tests are about what the shell
// does with its answers. The real runtime is exercised end to end in e2e/.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock("@module-federation/enhanced/runtime", () => runtime);

const { registerConfiguredRemotes } = await import("./registry");
const { RemotePage } = await import("./remote-page");
const { REMOTE_UNAVAILABLE } = await import("./fallback-plugin");

function Welcome() {
  return <h1>Welcome from the remote</h1>;
}

describe("RemotePage", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    registerConfiguredRemotes([{ name: "mfe_public", entry: "http://localhost:3001/mf-manifest.json" }]);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.restoreAllMocks();
  });

  it("renders the remote's page", async () => {
    runtime.loadRemote.mockResolvedValue({ default: Welcome });
    render(<RemotePage remote="mfe_public" exposed="WelcomePage" />);
    expect(await screen.findByRole("heading", { name: "Welcome from the remote" })).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenCalledWith("mfe_public/WelcomePage");
  });

  it("shows a contained fallback when the remote is down, and recovers on retry", async () => {
    runtime.loadRemote.mockResolvedValueOnce({ [REMOTE_UNAVAILABLE]: { id: "mfe_public/Down", reason: "down" } });
    render(<RemotePage remote="mfe_public" exposed="Down" />);
    expect(await screen.findByTestId("remote-fallback-mfe_public")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("public pages could not be loaded");

    runtime.loadRemote.mockResolvedValueOnce({ default: Welcome });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    expect(await screen.findByRole("heading", { name: "Welcome from the remote" })).toBeTruthy();
    // The retry registered the remote afresh, so the runtime forgot the failed entry.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: "mfe_public", entry: "http://localhost:3001/mf-manifest.json" }],
      { force: true },
    );
  });

  it("contains a remote page that throws while rendering", async () => {
    function Broken(): never {
      throw new Error("render bug");
    }
    runtime.loadRemote.mockResolvedValue({ default: Broken });
    render(<RemotePage remote="mfe_public" exposed="Broken" />);
    expect(await screen.findByTestId("remote-fallback-mfe_public")).toBeTruthy();
  });

  it("treats a module without a page component as unavailable", async () => {
    runtime.loadRemote.mockResolvedValue({ notAPage: true });
    render(<RemotePage remote="mfe_public" exposed="Odd" />);
    expect(await screen.findByTestId("remote-fallback-mfe_public")).toBeTruthy();
  });

  it("shows the fallback for a remote missing from remotes.json, without asking the runtime", async () => {
    render(<RemotePage remote="mfe_admin" exposed="AdminHomePage" />);
    expect(await screen.findByTestId("remote-fallback-mfe_admin")).toBeTruthy();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
