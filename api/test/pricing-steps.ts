import { expect } from "vitest";
import type { Person } from "./families.js";
import { ADMIN, confirmCard, type TestApi } from "./harness.js";

/**
 * The calls the discount suites make (api/src/pricing/*.integration.test.ts) on their file's API: an
 * admin's request, a code added, a class put in a cart, a cart quoted, a checkout opened and paid.
 */
export function pricingSteps(api: TestApi) {
  const admin = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    api.call({ method, url, as: ADMIN, ...(payload && { payload }) });
  const addCode = async (code: string, extra: object = {}) => {
    const res = await admin("POST", "/discounts", {
      kind: "code",
      name: `Flyer ${code}`,
      code,
      percentOff: 10,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; code: string };
  };
  const toCart = async (as: Person, classItemId: string, camperId?: string) => {
    const res = await api.call({
      method: "POST",
      url: "/carts",
      as,
      payload: { classItemId, ...(camperId && { camperId }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const quoteOf = (as: Person, promoCode?: string) =>
    api.call({ method: "POST", url: "/carts/quote", as, payload: promoCode ? { promoCode } : {} });
  const openCheckout = (as: Person, promoCode?: string) =>
    api.call({ method: "POST", url: "/create-payment-intent", as, payload: promoCode ? { promoCode } : {} });
  const pay = async (as: Person, checkout: { clientSecret: string; paymentIntentId: string }) => {
    expect(await confirmCard(checkout.clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as,
      payload: { transactionId: checkout.paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json();
  };
  return { admin, addCode, toCart, quoteOf, openCheckout, pay };
}
