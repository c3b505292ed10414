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

  it("keeps the prerendered page on screen until the remote's page replaces it", async () => {
    // What index.html's inline script paints before the shell starts (decision 018).
    const painted = document.createElement("div");
    painted.id = "prerendered-page";
    painted.dataset.page = "mfe_public/WelcomePage";
    painted.innerHTML = "<h1>Welcome, prerendered</h1>";
    document.body.append(painted);
    let arrive: (module: { default: typeof Welcome }) => void = () => {};
    runtime.loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));

    render(<RemotePage remote="mfe_public" exposed="WelcomePage" />);
    // The same element, moved into React's tree, instead of the skeleton.
    expect(screen.getByRole("heading", { name: "Welcome, prerendered" })).toBe(painted.firstChild);
    expect(painted.isConnected).toBe(true);
    expect(screen.queryByLabelText("Loading page")).toBeNull();

    await act(async () => arrive({ default: Welcome }));
    expect(await screen.findByRole("heading", { name: "Welcome from the remote" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(painted.isConnected).toBe(false);
  });

  it("ignores a prerendered page of another page", () => {
    const painted = document.createElement("div");
    painted.id = "prerendered-page";
    painted.dataset.page = "mfe_public/HomePage";
    document.body.append(painted);
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    render(<RemotePage remote="mfe_public" exposed="ClassesPage" />);
    expect(screen.getByLabelText("Loading page")).toBeTruthy();
    painted.remove();
  });

  it("shows the fallback for a remote missing from remotes.json, without asking the runtime", async () => {
    render(<RemotePage remote="mfe_admin" exposed="AdminHomePage" />);
    expect(await screen.findByTestId("remote-fallback-mfe_admin")).toBeTruthy();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
