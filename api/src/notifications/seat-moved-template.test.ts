import { describe, expect, it } from "vitest";
import type { SeatMovedFacts } from "./facts/seat-moved.js";
import { paidByText } from "./facts/front-desk.js";
import { moveLines } from "./templates/seat-moved.js";
import { renderMessage } from "./templates/render.js";
import { HOSTILE, SITE, soccer } from "../../test/template-facts.js";

/** A seat moved to another class (decision 048), rendered from its facts and read back. */

const tennis = { ...soccer, classId: "00000000-0000-4000-9000-000000000002", className: "Tennis Week 2" };
const moved: SeatMovedFacts = {
  transferId: "3f0c2b1e-0000-4000-8000-000000000001",
  familyName: `Ana ${HOSTILE}`,
  camperName: `Mia ${HOSTILE}`,
  camperIsSelf: false,
  movedAt: "2027-06-01T16:00:00.000Z",
  from: { enrollmentId: "e-old", session: soccer },
  to: { enrollmentId: "e-new", session: tennis },
  heldCents: 12_500,
  feeCents: 1_000,
  priceCents: 16_000,
  creditCents: 11_500,
  owedCents: 4_500,
  dueDay: "2027-06-08",
  refundCents: 0,
  refundBy: null,
  reason: null,
};

describe("a seat moved to another class", () => {
  it("says the lines that add up, what is owed by when, and keeps names as text", async () => {
    const m = await renderMessage("seat-moved", moved, { siteUrl: SITE });
    expect(m.subject).toBe("Moved to Tennis Week 2: $45.00 to pay");
    expect(m.text).toContain(`Hello Ana ${HOSTILE}, Mia ${HOSTILE}'s seat moved from Soccer Skills to Tennis Week 2.`);
    for (const line of [
      "Tennis Week 2 (new seat): $160.00",
      "Soccer Skills: paid, carried over: −$125.00",
      "Transfer fee: $10.00",
      "Difference to pay: $45.00",
    ]) {
      expect(m.text).toContain(line);
    }
    expect(m.text).toContain("Still to pay: $45.00 by Tue 8 June 2027");
    expect(m.html).not.toContain("<img src=x");
    expect(m.html).toContain("&lt;img src=x");
    expect(m.text).toContain(`${SITE}/dashboard/balance`);
  });

  it("adds up for a cheaper class too, and says how the difference goes back", async () => {
    const cheaper = { ...moved, feeCents: 0, priceCents: 9_000, creditCents: 9_000, owedCents: 0, refundCents: 3_500 };
    const cents = (amount: string) => Number(amount.replace(/[^\d]/g, "")) * (amount.startsWith("−") ? -1 : 1);
    const lines = moveLines({ ...cheaper, refundBy: "to the card you paid with" });
    expect(lines.at(-1)).toEqual(["Difference given back", "−$35.00"]);
    expect(cents(lines[0]![1]) + cents(lines[1]![1])).toBe(cents(lines[2]![1]));
    const byCheque = await renderMessage(
      "seat-moved",
      { ...cheaper, refundBy: paidByText("cheque", "2077") },
      { siteUrl: SITE },
    );
    expect(byCheque.text).toContain("$35.00 goes back by cheque no. 2077.");
    expect(byCheque.text).toContain(`${SITE}/dashboard/paymenthistory`);
  });

  it("cancels the old seat's events and publishes the new seat's, by their UIDs", async () => {
    const m = await renderMessage("seat-moved", { ...moved, camperIsSelf: true }, { siteUrl: SITE });
    expect(m.text).toContain(`Hello Ana ${HOSTILE}, your seat moved`);
    const [cancelled, sessions] = m.attachments.map((a) => ({ ...a, content: a.content.replace(/\r\n /g, "") }));
    expect(cancelled).toMatchObject({ filename: "cancelled.ics", contentType: expect.stringContaining("CANCEL") });
    expect(cancelled!.content).toContain("METHOD:CANCEL");
    expect(cancelled!.content).toContain("UID:enrollment-e-old@camp.example");
    expect(sessions!.content).toContain("METHOD:PUBLISH");
    expect(sessions!.content).toContain("UID:enrollment-e-new@camp.example");
  });
});
