import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busyWait, endBusy, newBusyId, subscribeBusy, waitOutBusy } from "../../../shared-auth/src/busy";
import VeryBusyNotice from "./very-busy-notice";

describe("VeryBusyNotice", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("counts down while a request waits, says it once to screen readers, and empties when it is answered", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    render(<VeryBusyNotice store={{ busyWait, subscribeBusy }} />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");

    const id = newBusyId();
    act(() => void waitOutBusy(id, 3));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const [spoken, shown] = status.querySelectorAll("span");
    expect(spoken!.className).toBe("sr-only");
    expect(spoken!.textContent).toBe("Very busy: trying again in 3 s");
    expect(shown!.getAttribute("aria-hidden")).toBe("true");
    expect(shown!.textContent).toBe("Very busy: trying again in 3 s");

    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(shown!.textContent).toBe("Very busy: trying again in 2 s");
    // What screen readers hear does not tick.
    expect(spoken!.textContent).toBe("Very busy: trying again in 3 s");
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(shown!.textContent).toBe("Very busy: trying again now…");

    act(() => endBusy(id));
    expect(status.textContent).toBe("");
    expect(screen.getByRole("status")).toBe(status);
  });
});
