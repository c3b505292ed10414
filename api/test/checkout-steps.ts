import { expect } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, type PaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { classId, SAM, type TestApi } from "./harness.js";
import { PAYMENTS_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * The steps of a checkout as the payment tests take them against the local payment sandbox
 * (api/test/payment-webhooks.ts starts it): a cart item added, a checkout opened, a card paid as
 * the browser pays it, the browser's report; and what the database and the sandbox then say.
 */

export interface ConfirmAnswer {
  status?: string;
  amount?: number;
  error?: { message: string; code?: string };
}

/** What a browser's card form does: confirm the intent with its client secret and the card. */
export async function payByCard(sandbox: PaymentSandbox, clientSecret: string, number: string) {
  const id = clientSecret.split("_secret_")[0]!;
  const body = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 2),
    "payment_method_data[card][cvc]": "123",
    "payment_method_data[billing_details][name]": "Sam Student",
    "payment_method_data[billing_details][email]": SAM.email,
  });
  const res = await fetch(`${sandbox.url}/v1/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as ConfirmAnswer };
}

export async function intentStatus(sandbox: PaymentSandbox, id: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${PAYMENTS_SUITE_SECRET_KEY}` },
  });
  return ((await res.json()) as { status: string }).status;
}

export async function seatsOf(api: TestApi, n: number) {
  const r = await api.database.db.execute(
    `select enrolled_seats::int as enrolled, held_seats::int as held, available_seats::int as available from classes where id = '${classId(n)}'`,
  );
  return (r as unknown as { rows: { enrolled: number; held: number; available: number }[] }).rows[0]!;
}

export async function count(api: TestApi, sql: string): Promise<number> {
  const r = await api.database.db.execute(sql);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

export async function addToCart(api: TestApi, who: { id: string; email: string }, n: number): Promise<string> {
  const res = await api.call({ method: "POST", url: "/carts", as: who, payload: { classItemId: classId(n) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
}

/** The browser's report of a paid checkout (POST /payments, or /payments/:cartItemId for one item). */
export function report(api: TestApi, who: { id: string; email: string }, transactionId: string, cartItemId?: string) {
  const url = cartItemId ? `/payments/${cartItemId}` : "/payments";
  return api.call({ method: "POST", url, as: who, payload: { transactionId } });
}

export async function orderStatus(api: TestApi, orderId: string): Promise<string> {
  const r = await api.database.db.execute(`select status from orders where id = '${orderId}'`);
  return (r as unknown as { rows: { status: string }[] }).rows[0]!.status;
}

export async function checkout(api: TestApi, who: { id: string; email: string }, payload: object = {}) {
  return api.call({ method: "POST", url: "/create-payment-intent", as: who, payload });
}
