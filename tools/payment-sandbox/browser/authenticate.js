// The test authentication page inside its dialog frame (/v3/authenticate, the sandbox's own origin):
// the sandbox's stand-in for the bank's 3-D Secure challenge that Stripe.js opens while an intent
// requires_action. "Complete" or "Fail" posts the customer's answer to the sandbox itself (with the
// publishable key and the intent's client secret), then hands the updated intent to the page that
// opened it, only through postMessage with that page's origin (decision 010).
(function () {
  "use strict";
  var SOURCE = "payment-sandbox-authenticate";
  var init;
  try {
    init = JSON.parse(decodeURIComponent(window.location.hash.slice(1))) || {};
  } catch {
    init = {};
  }
  var PARENT_ORIGIN = typeof init.parent === "string" ? init.parent : null;
  var buttons = [document.getElementById("complete"), document.getElementById("fail")];
  var status = document.getElementById("status");
  var done = false;

  function tell(message) {
    if (!PARENT_ORIGIN || window.parent === window) return;
    message.source = SOURCE;
    window.parent.postMessage(message, PARENT_ORIGIN);
  }

  function formatAmount(amount, currency) {
    if (typeof amount !== "number" || typeof currency !== "string") return null;
    try {
      var digits = new Intl.NumberFormat("en", { style: "currency", currency: currency }).resolvedOptions()
        .maximumFractionDigits;
      return new Intl.NumberFormat("en", { style: "currency", currency: currency }).format(
        amount / Math.pow(10, digits),
      );
    } catch {
      return null;
    }
  }

  var shown = formatAmount(init.amount, init.currency);
  document.getElementById("what").textContent = /^seti_/.test(String(init.intent))
    ? "Your bank asks you to confirm that this card may be saved for later payments."
    : shown
      ? "Your bank asks you to confirm a payment of " + shown + "."
      : "Your bank asks you to confirm this payment.";

  function answer(outcome) {
    if (done) return;
    done = true;
    buttons.forEach(function (button) {
      button.disabled = true;
    });
    status.textContent = outcome === "complete" ? "Completing…" : "Failing…";
    var body = new URLSearchParams({ key: init.key, client_secret: init.clientSecret, outcome: outcome });
    fetch("/v3/authenticate/" + encodeURIComponent(String(init.intent)), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      credentials: "omit",
    })
      .then(function (res) {
        return res.json().then(function (json) {
          if (res.ok) return { intent: json };
          return { error: (json && json.error) || { type: "api_error", message: "Unexpected answer." } };
        });
      })
      .catch(function () {
        return {
          error: {
            type: "api_connection_error",
            message: "We could not connect to the payment service. Check your connection and try again.",
          },
        };
      })
      .then(function (result) {
        tell({ type: "result", result: result });
      });
  }

  document.getElementById("complete").addEventListener("click", function () {
    answer("complete");
  });
  document.getElementById("fail").addEventListener("click", function () {
    answer("fail");
  });
  // Closing the bank's dialog fails the authentication, as on Stripe.
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") answer("fail");
  });
  document.getElementById("complete").focus();
  tell({ type: "ready" });
})();
