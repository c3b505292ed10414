// What a browser's card field does on a payment page: confirm a PaymentIntent with the publishable
// key, its client secret and the card's details (4242... pays; see the README's test cards).
import { LOCAL_PUBLISHABLE_KEY } from "./payment-sandbox.mjs";
import { cardExpiry } from "./test-dates.mjs";

/** Confirms an intent on the payment sandbox; resolves to the HTTP status (0 when it cannot be reached). */
export async function confirmCard(sandboxUrl, clientSecret, number = "4242424242424242") {
  const id = clientSecret.split("_secret_")[0];
  const res = await fetch(`${sandboxUrl}/v1/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_secret: clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": number,
      "payment_method_data[card][exp_month]": cardExpiry().month,
      "payment_method_data[card][exp_year]": cardExpiry().year,
      "payment_method_data[card][cvc]": "123",
    }),
    signal: AbortSignal.timeout(30_000),
  }).catch(() => null);
  return res?.status ?? 0;
}
