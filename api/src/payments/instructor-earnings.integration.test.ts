import { describe, expect, it } from "vitest";
import { usePayments } from "../../test/payment-webhooks.js";
import { ADMIN, JONAS, classId, LEE, MAYA, SAM } from "../../test/harness.js";
import { addToCart, checkout, payByCard, report } from "../../test/checkout-steps.js";

/** What an instructor's classes have earned: the seats paid for, at the price paid. */

describe("what an instructor's classes have earned", () => {
  const h = usePayments({}, false);

  it("counts paid seats at the price paid; a later price change or an unpaid checkout changes nothing", async () => {
    const { api, sandbox } = h;
    const revenue = async (who: { id: string; email: string }) => {
      const res = await api.call({ method: "GET", url: `/myclasses/revenue?email=${MAYA.email}`, as: who });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { paidSeats: number; revenue: number };
    };
    const before = await revenue(MAYA);
    const { price } = (await api.call({ method: "GET", url: `/classes/${classId(1)}` })).json() as { price: number };

    // Sam pays for Maya's class 1; Lee's checkout of class 7 is declined and stays unpaid.
    await addToCart(api, SAM, 1);
    const co = (await checkout(api, SAM)).json();
    expect((await payByCard(sandbox, co.clientSecret, "4242424242424242")).status).toBe(200);
    expect((await report(api, SAM, co.clientSecret.split("_secret_")[0])).statusCode).toBe(201);
    await addToCart(api, LEE, 7);
    const unpaid = (await checkout(api, LEE)).json();
    expect((await payByCard(sandbox, unpaid.clientSecret, "4000000000000002")).status).toBe(402);

    const edit = await api.call({ method: "PATCH", url: `/classes/${classId(1)}`, as: MAYA, payload: { price: 999 } });
    expect(edit.statusCode).toBe(200);
    const after = await revenue(MAYA);
    expect(after.paidSeats).toBe(before.paidSeats + 1);
    expect(after.revenue).toBeCloseTo(before.revenue + price, 2);
    // An admin may read anyone's; another instructor may not read Maya's.
    expect(await revenue(ADMIN)).toEqual(after);
    const other = await api.call({ method: "GET", url: `/myclasses/revenue?email=${MAYA.email}`, as: JONAS });
    expect(other.statusCode).toBe(403);
  }, 30_000);
});
