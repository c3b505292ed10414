import { expect } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { confirmedSignUp } from "./email-verification";
import { API_URL, PAYMENT_SANDBOX_PORT } from "./ports";
import { giveGuardian } from "./session";

const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
const PASSWORD = "Camp#Student2026";

async function call<T>(url: string, init: RequestInit & { json?: unknown; token?: string }): Promise<T> {
  const { json, token, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(json !== undefined && { "content-type": "application/json" }),
      ...rest.headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const text = await res.text();
  expect(res.ok, `${init.method ?? "GET"} ${url}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/**
 * A new student, made as the sign-up form makes one (Auth Emulator account, its address confirmed
 * as a student must before paying, then the API's /jwt), who paid by card on the payment sandbox for the `paid` classes and has the `cart`
 * classes waiting in their cart. Signs in with `password` through the login form.
 */
export async function studentWithClasses(
  name: string,
  classes: { paid: string[]; cart: string[] },
): Promise<{ name: string; email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`;
  const idToken = await confirmedSignUp(email, PASSWORD, name);
  const { token } = await call<{ token: string }>(`${API_URL}/jwt`, {
    method: "POST",
    token: idToken,
    json: { email },
  });
  await giveGuardian(token);
  const book = (classItemId: string) => call(`${API_URL}/carts`, { method: "POST", token, json: { classItemId } });

  if (classes.paid.length > 0) {
    for (const id of classes.paid) await book(id);
    const checkout = await call<{ clientSecret: string; paymentIntentId: string }>(`${API_URL}/create-payment-intent`, {
      method: "POST",
      token,
      json: { price: 1 },
    });
    // What the payment page's card form sends, with the publishable key and the intent's secret.
    expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
    await call(`${API_URL}/payments`, { method: "POST", token, json: { transactionId: checkout.paymentIntentId } });
  }
  for (const id of classes.cart) await book(id);
  return { name, email, password: PASSWORD };
}
