import { expect, test } from "@playwright/test";
import { LOCAL_PUBLISHABLE_KEY } from "../../tools/payment-sandbox.mjs";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { accessToken } from "../support/session";

/**
 * The running system's payment wiring: the API's checkout talks to the local payment sandbox, and
 * the sandbox's signed webhook reaches the API, which records a payment the browser never
 * reported. (The student's payment pages come with the student area.)
 */
const LEE = { id: "00000000-0000-4000-8000-000000000009", email: "lee@example.com" };
const TABLE_TENNIS = "00000000-0000-4000-9000-000000000012";
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;

test("a card payment on the sandbox is recorded through the webhook, and enrols the student", async ({ request }) => {
  const headers = { authorization: `Bearer ${accessToken(LEE)}` };
  const booked = await request.post(`${API_URL}/carts`, { headers, data: { classItemId: TABLE_TENNIS } });
  expect(booked.status(), await booked.text()).toBe(201);

  const opened = await request.post(`${API_URL}/create-payment-intent`, { headers, data: { price: 0.5 } });
  expect(opened.status(), await opened.text()).toBe(201);
  const checkout = (await opened.json()) as { clientSecret: string; paymentIntentId: string; amount: number };
  expect(checkout.amount).toBe(79.99);

  // What the payment page's card form sends, with the publishable key and the intent's secret.
  const paid = await request.post(`${SANDBOX_URL}/v1/payment_intents/${checkout.paymentIntentId}/confirm`, {
    headers: { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` },
    form: {
      client_secret: checkout.clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 3),
      "payment_method_data[card][cvc]": "123",
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // Nobody calls POST /payments: the webhook alone records it.
  const history = async () =>
    (await (await request.get(`${API_URL}/payments?email=${LEE.email}`, { headers })).json()) as {
      transactionId: string;
      price: number;
      status: string;
      classNames: string[];
    }[];
  await expect.poll(async () => (await history()).length, { timeout: 15_000 }).toBe(1);
  expect((await history())[0]).toMatchObject({
    transactionId: checkout.paymentIntentId,
    price: 79.99,
    status: "service pending",
    classNames: ["Table Tennis Tactics"],
  });
  const cart = await request.get(`${API_URL}/carts?email=${LEE.email}`, { headers });
  expect(await cart.json()).toEqual([]);
  const enrolled = (await (await request.get(`${API_URL}/enrolled?email=${LEE.email}`, { headers })).json()) as {
    _id: string;
  }[];
  expect(enrolled.map((c) => c._id)).toEqual([TABLE_TENNIS]);
});
