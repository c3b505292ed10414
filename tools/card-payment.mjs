// What a browser's card field does on a payment page: confirm a PaymentIntent (or save a card with a
// SetupIntent) with the publishable key, its client secret and the card's details (4242... pays; see
// tools/payment-sandbox/README.md's test cards), and what the customer does in their bank's
// authentication when the card asks for it.
import { LOCAL_PUBLISHABLE_KEY } from "./payment-sandbox.mjs";
import { cardExpiry } from "./test-dates.mjs";

/** The confirm path of the intent whose client secret this is (a SetupIntent's starts seti_). */
const intentPath = (clientSecret) =>
  `${clientSecret.startsWith("seti_") ? "setup_intents" : "payment_intents"}/${clientSecret.split("_secret_")[0]}`;

/**
 * Confirms an intent (PaymentIntent or SetupIntent) on the payment sandbox; resolves to the HTTP
 * status (0 when it cannot be reached). A card that asks for authentication answers 200 with the
 * intent in requires_action: then authenticateCard.
 */
export async function confirmCard(sandboxUrl, clientSecret, number = "4242424242424242") {
  const res = await fetch(`${sandboxUrl}/v1/${intentPath(clientSecret)}/confirm`, {
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

/**
 * The customer's answer to their bank's authentication of an intent in requires_action, as the
 * sandbox's test authentication page sends it: "complete" (the payment is then charged, the card
 * saved) or "fail". Resolves to the HTTP status (0 when the sandbox cannot be reached).
 */
export async function authenticateCard(sandboxUrl, clientSecret, outcome = "complete") {
  const id = clientSecret.split("_secret_")[0];
  const res = await fetch(`${sandboxUrl}/v3/authenticate/${id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: clientSecret, outcome }),
    signal: AbortSignal.timeout(30_000),
  }).catch(() => null);
  return res?.status ?? 0;
}
