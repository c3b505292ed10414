import type { Stripe } from "@stripe/stripe-js";
import type { PaymentsConfig } from "shared-auth";

/** Scripts already loaded (or loading), by address; a failed one is forgotten so a retry loads it again. */
const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  loading.catch(() => scripts.delete(src));
  return loading;
}

/**
 * Stripe.js for the payment pages: where the runtime config names a Stripe.js-compatible script
 * (the local payment sandbox), that script is loaded first, so `loadStripe` finds `window.Stripe`
 * already defined; otherwise `loadStripe` loads Stripe.js from Stripe. Rejects when it cannot load
 * (offline, blocked); calling it again tries again.
 */
export async function loadStripeFor(payments: PaymentsConfig): Promise<Stripe> {
  if (payments.stripeJsUrl) await loadScript(payments.stripeJsUrl);
  // The "pure" entry loads nothing until it is called (the main entry injects Stripe.js on import).
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  const stripe = await loadStripe(payments.publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available in this browser.");
  return stripe;
}
