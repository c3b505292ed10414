import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY, policyText } from "../platform/cancellation-policy.js";
import type { CancellationFacts, ReceiptFacts } from "./facts.js";
import type { AccountClaimFacts, OfficePaymentFacts } from "./facts/front-desk.js";
import { paidByText } from "./facts/front-desk.js";
import { renderMessage } from "./templates/render.js";
import { HOSTILE, SITE, soccer } from "../../test/template-facts.js";

/** The front desk's messages (decision 047) rendered from their facts, read back (HTML and text). */

describe("how a payment was made, in words", () => {
  it("names the method and its reference", () => {
    expect(paidByText("cash", null)).toBe("in cash");
    expect(paidByText("cheque", "1042")).toBe("by cheque no. 1042");
    expect(paidByText("bank_transfer", "T-77")).toBe("by bank transfer (reference T-77)");
    expect(paidByText("card", null, "4242")).toBe("by the card ending in 4242");
    expect(paidByText("card", null)).toBe("by card");
    expect(paidByText("credit", null)).toBe("with what was paid for the seat it replaced");
  });
});

describe("an account the office made", () => {
  const claim: AccountClaimFacts = {
    familyName: `Ana ${HOSTILE}`,
    token: "tok_abc-123",
    until: "2027-03-15",
    adminName: "Alex Admin",
  };

  it("links to the page that sets the password, says until when, and keeps names as text", async () => {
    const m = await renderMessage("account-claim", claim, { siteUrl: SITE });
    expect(m.subject).toBe("Your account with Summit Sports Academy: set your password");
    for (const body of [m.html, m.text]) {
      expect(body).toContain(`${SITE}/login?claim=tok_abc-123`);
      expect(body).toContain("until Mon 15 March 2027");
      expect(body).toContain("Alex Admin at Summit Sports Academy made an account for your family");
    }
    expect(m.html).not.toContain(HOSTILE);
  });
});

describe("a payment of a front-desk booking", () => {
  const paid: OfficePaymentFacts = {
    familyName: "Ana Rivera",
    paymentId: "99999999-2222-4333-8444-555555555555",
    amountCents: 10_000,
    paidBy: "by cheque no. 1042",
    receivedOn: "2027-02-01",
    paidAt: "2027-02-01T17:00:00.000Z",
    classNames: ["Soccer Skills"],
    order: { paidCents: 25_000, owedCents: 5_000, dueDay: "2027-03-01", paidBy: "in cash" },
  };

  it("says how and when it was paid, and what is still owed by when", async () => {
    const m = await renderMessage("office-payment", paid, { siteUrl: SITE });
    expect(m.subject).toBe("Payment received: $100.00 (Soccer Skills)");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("we received $100.00 by cheque no. 1042 on Mon 1 February 2027 for Soccer Skills.");
      expect(body).toContain("Paid so far $250.00; still to pay $50.00 by Mon 1 March 2027.");
    }
  });

  it("says paid in full when nothing is owed", async () => {
    const m = await renderMessage(
      "office-payment",
      { ...paid, order: { ...paid.order, owedCents: 0, dueDay: null } },
      { siteUrl: SITE },
    );
    expect(m.text).toContain("Paid in full: $250.00. Thank you.");
  });
});

describe("a front-desk balance's reminder", () => {
  const due = {
    familyName: "Ana Rivera",
    orderId: "11111111-2222-4333-8444-555555555555",
    when: "soon" as const,
    classNames: ["Soccer Skills"],
    order: { paidCents: 5_000, owedCents: 10_000, dueDay: "2027-03-01", paidBy: "in cash" },
  };

  it("says how much is due by when, and links to the balance page", async () => {
    const m = await renderMessage("balance-reminder", due, { siteUrl: SITE });
    expect(m.subject).toBe("Due Mon 1 March 2027: $100.00 for Soccer Skills");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("the balance of $100.00 for Soccer Skills is due on Mon 1 March 2027.");
      expect(body).toContain(`${SITE}/dashboard/balance`);
    }
  });

  it("says when it is overdue", async () => {
    const m = await renderMessage("balance-reminder", { ...due, when: "overdue" as const }, { siteUrl: SITE });
    expect(m.subject).toBe("Overdue: $100.00 for Soccer Skills");
    expect(m.text).toContain("was due on Mon 1 March 2027 and is not paid yet.");
  });
});

describe("the receipt of a front-desk booking", () => {
  const booked: ReceiptFacts = {
    policy: policyText(DEFAULT_POLICY),
    familyName: "Ana Rivera",
    orderId: "11111111-2222-4333-8444-555555555555",
    transactionId: "office-1",
    paidAt: "2027-02-01T17:45:00.000Z",
    totalCents: 30_000,
    office: { paidCents: 15_000, owedCents: 15_000, dueDay: "2027-03-01", paidBy: "in cash" },
    lines: [
      { ...soccer, camperName: "Mia Rivera", priceCents: 15_000 },
      { ...soccer, camperName: "Leo Rivera", priceCents: 15_000 },
    ],
  };

  it("says what was received and how, the total, and the balance due by its day", async () => {
    const m = await renderMessage("payment-receipt", booked, { siteUrl: SITE });
    expect(m.subject).toBe("Your booking: 2 classes ($300.00)");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("the academy booked these seats for you");
      expect(body).toContain("We received $150.00 in cash.");
      expect(body).toContain("Balance due $150.00 by Mon 1 March 2027");
      expect(body).not.toContain("Total paid");
    }
  });

  it("says nothing was paid yet on a booking to pay later", async () => {
    const later = { ...booked, office: { paidCents: 0, owedCents: 30_000, dueDay: "2027-03-01", paidBy: null } };
    const m = await renderMessage("payment-receipt", later, { siteUrl: SITE });
    expect(m.text).toContain("Nothing has been paid yet.");
  });
});

describe("a desk seat cancelled", () => {
  const cancelled: CancellationFacts = {
    familyName: "Ana Rivera",
    cancellationId: "99999999-2222-4333-8444-555555555555",
    camperName: "Mia Rivera",
    paidCents: 15_000,
    refundCents: 15_000,
    reason: "Moved away",
    refundBy: "by cheque no. 2077",
    session: soccer,
  };

  it("says how the office gave the money back, not a card", async () => {
    const m = await renderMessage("seat-cancelled", cancelled, { siteUrl: SITE });
    expect(m.text).toContain("$150.00 was given back to you by cheque no. 2077 by the academy's office.");
    expect(m.html).toContain("$150.00 was given back to you by cheque no. 2077 by the academy&#x27;s office.");
    for (const body of [m.html, m.text]) expect(body).not.toMatch(/back to (the|your) card/);
  });
});
