import { afterEach, describe, expect, it } from "vitest";
import { browserId, keepTicket, storedTicket } from "./browser";

const OPENS = "2031-03-01T17:00:00.000Z";

describe("what the browser keeps of the waiting room", () => {
  afterEach(() => localStorage.clear());

  it("makes the browser's id once and keeps it, so its tabs share one place", () => {
    const id = browserId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(browserId()).toBe(id);
    localStorage.setItem("academy.browserId", JSON.stringify("<script>"));
    expect(browserId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("keeps the ticket, for its opening or any", () => {
    expect(storedTicket()).toBeNull();
    keepTicket({ ticket: "ticket.a.b", opensAt: OPENS });
    expect(storedTicket()).toBe("ticket.a.b");
    expect(storedTicket(OPENS)).toBe("ticket.a.b");
    expect(storedTicket("2031-06-01T17:00:00.000Z")).toBeNull();
  });
});
