// The contract suites' check itself (stripe-contract-setup.mjs): it finds each kind of mismatch
// between an answer and the `stripe` package's declarations, so a suite that passes proves something.
import { describe, expect, it } from "vitest";
import { declarations, newIntent, problemsOf, stripe, useContractSandbox } from "./stripe-contract-setup.mjs";

useContractSandbox();

describe("the check itself", () => {
  it("fails a missing field, a null where not nullable, a wrong object value and an undeclared field", async () => {
    const intent = await newIntent();
    expect(problemsOf(intent, "PaymentIntent")).toEqual([]);
    const { client_secret: _dropped, ...withoutSecret } = intent;
    expect(problemsOf(withoutSecret, "PaymentIntent")).toEqual([
      `$.client_secret: missing (stripe ${declarations.version} declares PaymentIntent.client_secret always present)`,
    ]);
    expect(problemsOf({ ...intent, amount: null }, "PaymentIntent")).toEqual([
      "$.amount: null, but the SDK declares number (not nullable)",
    ]);
    expect(problemsOf({ ...intent, object: "charge" }, "PaymentIntent")).toEqual([
      '$.object: "charge" is not a "payment_intent"',
    ]);
    expect(problemsOf({ ...intent, confirmed: true }, "PaymentIntent")).toEqual([
      "$.confirmed: not a field of PaymentIntent",
    ]);
  });

  it("checks an event's object as the one its type carries", async () => {
    const [event] = (await stripe.events.list({ type: "payment_intent.created", limit: 1 })).data;
    expect(problemsOf(event, "Event")).toEqual([]);
    const { latest_charge: _dropped, ...object } = event.data.object;
    expect(problemsOf({ ...event, data: { object } }, "Event")).toEqual([
      `$.data.object.latest_charge: missing (stripe ${declarations.version} declares PaymentIntent.latest_charge always present)`,
    ]);
    // A refund.created event carries a Refund, not a PaymentIntent.
    expect(problemsOf({ ...event, type: "refund.created" }, "Event")).toContain(
      '$.data.object.object: "payment_intent" is not a "refund"',
    );
  });
});
