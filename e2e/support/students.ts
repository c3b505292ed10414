import { expect } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { birthDateForAge } from "../../tools/test-dates.mjs";
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
  /** Children to add (each ten on the day given) and book into every paid class; none: "Myself" books. */
  family: { children: string[]; tenOn: string } = { children: [], tenOn: "" },
): Promise<{ name: string; email: string; password: string; token: string; children: string[] }> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`;
  const idToken = await confirmedSignUp(email, PASSWORD, name);
  const { token } = await call<{ token: string }>(`${API_URL}/jwt`, {
    method: "POST",
    token: idToken,
    json: { email },
  });
  await giveGuardian(token);
  const book = (classItemId: string, camperId?: string) =>
    call(`${API_URL}/carts`, { method: "POST", token, json: { classItemId, ...(camperId && { camperId }) } });
  const children: string[] = [];
  for (const first of family.children) {
    const made = await call<{ camper: { _id: string } }>(`${API_URL}/campers`, {
      method: "POST",
      token,
      json: {
        first_name: first,
        last_name: name.split(" ").at(-1),
        date_of_birth: birthDateForAge(10, family.tenOn),
        emergency_contacts: [{ name: "Kim Neighbour", relation: "neighbour", phone: "+1 555 0177" }],
      },
    });
    children.push(made.camper._id);
  }

  if (classes.paid.length > 0) {
    for (const id of classes.paid) {
      if (children.length === 0) await book(id);
      for (const camperId of children) await book(id, camperId);
    }
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
  return { name, email, password: PASSWORD, token, children };
}
