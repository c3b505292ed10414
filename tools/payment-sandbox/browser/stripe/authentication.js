// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): the two kinds of intent,
// the test authentication dialog a confirmed intent may ask for, and a confirmation's answer settled
// as Stripe.js gives it.
/* global SANDBOX_ORIGIN, randomId */
/* exported PAYMENT, SETUP, settle */
/** What differs between a PaymentIntent and a SetupIntent for Stripe.js. */
var PAYMENT = {
  prefix: "pi",
  path: "/v1/payment_intents/",
  key: "paymentIntent",
  errorKey: "payment_intent",
  lastError: "last_payment_error",
};
var SETUP = {
  prefix: "seti",
  path: "/v1/setup_intents/",
  key: "setupIntent",
  errorKey: "setup_intent",
  lastError: "last_setup_error",
};

/**
 * Opens the sandbox's test authentication (its stand-in for the bank's 3-D Secure challenge) in a
 * dialog over the page, as Stripe.js opens the bank's: a frame of the sandbox's origin whose
 * Complete or Fail answers the sandbox itself. Resolves to { intent } (updated) or { error }.
 */
function authenticate(stripe, intent, clientSecret) {
  return new Promise(function (resolve) {
    var overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "Authenticate your payment");
    overlay.style.cssText =
      "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;" +
      "background:rgba(0,0,0,0.4);margin:0;padding:0;border:none";
    var frame = document.createElement("iframe");
    var init = {
      parent: window.location.origin,
      intent: intent.id,
      clientSecret: clientSecret,
      key: stripe._key,
      amount: intent.amount,
      currency: intent.currency,
    };
    frame.src = SANDBOX_ORIGIN + "/v3/authenticate#" + encodeURIComponent(JSON.stringify(init));
    frame.title = "Authenticate your payment";
    frame.name = "__privateStripeFrame" + randomId();
    frame.setAttribute("frameborder", "0");
    frame.style.cssText =
      "border:none;margin:0;padding:0;width:min(420px,92vw);height:min(360px,80vh);background:#fff;" +
      "border-radius:6px;box-shadow:0 8px 32px rgba(0,0,0,0.3);color-scheme:normal";
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    function onMessage(event) {
      if (event.origin !== SANDBOX_ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || typeof data !== "object" || data.source !== "payment-sandbox-authenticate") return;
      if (data.type === "ready") {
        frame.focus();
        return;
      }
      if (data.type !== "result") return;
      window.removeEventListener("message", onMessage);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      resolve(data.result || { error: { type: "api_error", message: "Unexpected answer." } });
    }
    window.addEventListener("message", onMessage);
  });
}

/**
 * A confirmation's or retrieval's answer as Stripe.js gives it: an intent that requires_action is
 * authenticated first (unless `handleActions` is false); an attempt that failed is { error } with
 * the intent in it.
 */
function settle(stripe, kind, result, clientSecret, handleActions) {
  var intent = result[kind.key];
  if (!intent) return Promise.resolve(result);
  var action = intent.next_action;
  if (intent.status !== "requires_action" || !action || action.type !== "use_stripe_sdk" || !handleActions) {
    return Promise.resolve(result);
  }
  return authenticate(stripe, intent, clientSecret).then(function (answer) {
    if (answer.error) return { error: answer.error };
    var updated = answer.intent;
    var failure = updated[kind.lastError];
    if (updated.status === "requires_payment_method" && failure) {
      var error = Object.assign({}, failure);
      error[kind.errorKey] = updated;
      return { error: error };
    }
    var settled = {};
    settled[kind.key] = updated;
    return settled;
  });
}
