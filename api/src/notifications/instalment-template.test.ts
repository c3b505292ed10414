import { describe, expect, it } from "vitest";
import type { InstalmentFacts } from "./facts/instalments.js";
import { renderMessage } from "./templates/render.js";
import { SITE } from "../../test/template-facts.js";

/** A payment plan's e-mails (decision 040), rendered from their facts and read back. */

const refused: InstalmentFacts = {
  familyName: "Ana Reyes",
  instalmentId: "7d1c0000-0000-4000-8000-000000000001",
  amountCents: 5_000,
  dueDay: "2027-05-10",
  seats: [{ className: "Soccer Skills", camperName: "Mia", cents: 5_000 }],
  cardLast4: "0341",
  transactionId: null,
  declineCode: "generic_decline",
  nextAttemptDay: "2027-05-12",
  later: [{ due: "2027-06-14", amountCents: 10_001 }],
};

describe("a payment plan's e-mails", () => {
  it("a refused charge names the card refused by its last four digits, the reason and the next try", async () => {
    const m = await renderMessage("instalment-failed", refused, { siteUrl: SITE });
    expect(m.text).toContain("we tried to charge $50.00 to the card ending in 0341");
    expect(m.text).toContain("your bank declined the card");
    expect(m.text).toContain("we will try your saved card again on");
    expect(m.text).toContain(`${SITE}/dashboard/balance?pay=${refused.instalmentId}`);
  });

  it("a refusal the provider named no card for says no card", async () => {
    const m = await renderMessage("instalment-failed", { ...refused, cardLast4: null }, { siteUrl: SITE });
    expect(m.text).toContain("we tried to charge $50.00, the payment due on");
  });

  it("the reminder tells the family to replace the card on the Balance page, not to call the academy", async () => {
    const reminder = { ...refused, cardLast4: null, declineCode: null, nextAttemptDay: null };
    const m = await renderMessage("instalment-reminder", reminder, { siteUrl: SITE });
    expect(m.text).toContain("replace it on your Balance page before that day");
    expect(m.text).not.toMatch(/contact the academy/);
    expect(m.text).toContain(`${SITE}/dashboard/balance`);
  });
});
