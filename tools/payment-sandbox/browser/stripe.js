// Stripe.js as the local payment sandbox serves it at /v3/: `window.Stripe(publishableKey)` with
// the subset the site and @stripe/stripe-js / @stripe/react-stripe-js call, and Stripe.js's result
// shapes. The card field lives in an iframe of the sandbox's origin (/v3/elements/card): the card
// number never reaches the page; the iframe creates the payment method itself and hands back its id.
//
// The browser loads it as one classic script, and the sandbox serves it as one: each `// part:` line
// below is replaced by that file of browser/stripe/, in this order (src/browser-assets.ts). The parts
// share this one function's scope, so nothing of them reaches the page but `window.Stripe`.
/* global integrationError, StripeInstance */
(function () {
  "use strict";
  if (window.Stripe) return;

  // part: stripe/requests.js
  // part: stripe/card-element.js
  // part: stripe/elements.js
  // part: stripe/instance.js
  // part: stripe/authentication.js
  // part: stripe/confirm.js
  // part: stripe/retrieve.js

  function Stripe(key, options) {
    if (typeof key !== "string" || !/^pk_(test|live)_\w+$/.test(key)) {
      throw integrationError(
        "Invalid value for Stripe(): apiKey should be a publishable key (pk_test_...). You specified: " +
          String(key) +
          ".",
      );
    }
    if (/^pk_live_/.test(key)) {
      throw integrationError("The local payment sandbox takes test keys only (pk_test_...), never a live key.");
    }
    return new StripeInstance(key, options);
  }
  // The release train @stripe/stripe-js 10.x expects (it warns on a mismatch).
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
