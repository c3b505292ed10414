import { describe, expect, it } from "vitest";
import { waitingRoomPapers } from "./ticket.js";

const papers = waitingRoomPapers("a secret of the API that is long enough to sign with");
const OPENS = Date.UTC(2031, 2, 1, 17);
const USER = "00000000-0000-4000-8000-000000000001";

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const neighbours = (c: string) => {
  const at = BASE64URL.indexOf(c);
  return [BASE64URL[(at + 1) % 64]!, BASE64URL[(at + 63) % 64]!];
};

/** Every text that differs from `text` in one character of its payload or signature. */
function oneCharacterChanged(text: string): string[] {
  const changed: string[] = [];
  for (let i = text.indexOf(".") + 1; i < text.length; i += 1) {
    if (text[i] === ".") continue;
    // Both neighbours: one of them differs only in bits base64 leaves unused in a last character.
    for (const other of neighbours(text[i]!)) changed.push(text.slice(0, i) + other + text.slice(i + 1));
  }
  return changed;
}

describe("the waiting room's tickets and passes", () => {
  it("reads back the ticket it wrote, and the same place always gives the same ticket", () => {
    const ticket = papers.ticket({ opensAt: OPENS, place: 312 });
    expect(papers.readTicket(ticket)).toEqual({ opensAt: OPENS, place: 312 });
    expect(papers.ticket({ opensAt: OPENS, place: 312 })).toBe(ticket);
  });

  it("refuses a forged ticket: any character changed, another key, a place written by hand", () => {
    const ticket = papers.ticket({ opensAt: OPENS, place: 312 });
    const forgeries = oneCharacterChanged(ticket);
    expect(forgeries.length).toBeGreaterThan(40);
    for (const forged of forgeries) expect(papers.readTicket(forged), forged).toBeNull();
    const otherKey = waitingRoomPapers("another deployment's secret, just as long as the first");
    expect(papers.readTicket(otherKey.ticket({ opensAt: OPENS, place: 1 }))).toBeNull();
    const [, , signature] = ticket.split(".");
    const handMade = `ticket.${Buffer.from(JSON.stringify({ o: OPENS, p: 1 })).toString("base64url")}.${signature}`;
    expect(papers.readTicket(handMade)).toBeNull();
    for (const junk of [undefined, "", "ticket", "ticket..", "a.b.c", "x".repeat(600)])
      expect(papers.readTicket(junk)).toBeNull();
  });

  it("never reads a ticket as a pass or a pass as a ticket", () => {
    const pass = papers.pass({ opensAt: OPENS, place: 3, admittedAt: OPENS, userId: USER, expiresAt: OPENS + 60_000 });
    expect(papers.readTicket(pass)).toBeNull();
    expect(papers.readPass(papers.ticket({ opensAt: OPENS, place: 3 }), OPENS)).toBeNull();
    const swapped = `ticket.${pass.split(".").slice(1).join(".")}`;
    expect(papers.readTicket(swapped)).toBeNull();
  });

  it("reads a pass until it expires, with whom and when it let in", () => {
    const value = { opensAt: OPENS, place: 3, admittedAt: OPENS + 5_000, userId: USER, expiresAt: OPENS + 65_000 };
    const pass = papers.pass(value);
    expect(papers.readPass(pass, OPENS + 64_999)).toEqual(value);
    expect(papers.readPass(pass, OPENS + 65_000)).toBeNull();
    for (const forged of oneCharacterChanged(pass)) expect(papers.readPass(forged, OPENS)).toBeNull();
  });
});
