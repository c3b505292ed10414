// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): confirming a payment or
// a card's set-up with the card Element or a payment method, and the next action an intent asks
// for.
/* global PAYMENT, SETUP, StripeInstance, call, cardElementOf, integrationError, intentId, settle */
/** confirmCardPayment and confirmCardSetup: a payment method id, or { card, billing_details } made in the card frame. */
function confirmWithCard(stripe, kind, method, clientSecret, data, options) {
  var key = stripe._key;
  var id;
  try {
    id = intentId(clientSecret, method, kind.prefix);
  } catch (error) {
    return Promise.reject(error);
  }
  var given = data || {};
  var chosen = given.payment_method;
  var paymentMethod;
  if (chosen && typeof chosen === "object") {
    var card;
    try {
      card = cardElementOf(stripe, chosen.card);
    } catch (error) {
      return Promise.reject(error);
    }
    paymentMethod = card._createPaymentMethod(key, chosen.billing_details, chosen.metadata).then(function (result) {
      return result.error ? result : result.paymentMethod.id;
    });
  } else {
    paymentMethod = Promise.resolve(chosen);
  }
  var handleActions = !options || options.handleActions !== false;
  return paymentMethod.then(function (pm) {
    if (pm && typeof pm === "object" && pm.error) return pm;
    var params = { key: key, client_secret: clientSecret };
    if (typeof pm === "string") params.payment_method = pm;
    if (kind === PAYMENT && typeof given.receipt_email === "string") params.receipt_email = given.receipt_email;
    if (kind === PAYMENT && typeof given.setup_future_usage === "string") {
      params.setup_future_usage = given.setup_future_usage;
    }
    return call("POST", kind.path + encodeURIComponent(id) + "/confirm", params, kind.key).then(function (result) {
      return settle(stripe, kind, result, clientSecret, handleActions);
    });
  });
}

StripeInstance.prototype.confirmCardPayment = function (clientSecret, data, options) {
  return confirmWithCard(this, PAYMENT, "confirmCardPayment", clientSecret, data, options);
};

/** Saves a card for later payments: confirms a SetupIntent (the card is checked, not charged). */
StripeInstance.prototype.confirmCardSetup = function (clientSecret, data, options) {
  return confirmWithCard(this, SETUP, "confirmCardSetup", clientSecret, data, options);
};

/**
 * confirmSetup as the sandbox can have it: with a payment method id in confirmParams (the sandbox has
 * no Payment Element to take one from). redirect "if_required" resolves as confirmCardSetup does;
 * otherwise, as on Stripe, a success goes to return_url with the intent in its query.
 */
StripeInstance.prototype.confirmSetup = function (options) {
  var given = options || {};
  if (given.elements) {
    return Promise.reject(
      integrationError(
        "The local payment sandbox has no Payment Element for confirmSetup to read: pass confirmParams.payment_method, or use confirmCardSetup with the card Element.",
      ),
    );
  }
  var confirmParams = given.confirmParams || {};
  var redirect = given.redirect || "always";
  if (redirect !== "if_required" && typeof confirmParams.return_url !== "string") {
    return Promise.reject(
      integrationError(
        "stripe.confirmSetup(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
      ),
    );
  }
  var clientSecret = given.clientSecret;
  return confirmWithCard(this, SETUP, "confirmSetup", clientSecret, {
    payment_method: confirmParams.payment_method,
  }).then(function (result) {
    if (redirect === "if_required" || result.error) return result;
    var target = new URL(confirmParams.return_url, window.location.href);
    target.searchParams.set("setup_intent", result.setupIntent.id);
    target.searchParams.set("setup_intent_client_secret", clientSecret);
    target.searchParams.set("redirect_status", result.setupIntent.status === "succeeded" ? "succeeded" : "failed");
    window.location.assign(target.toString());
    return new Promise(function () {});
  });
};

/** Runs the authentication an intent in requires_action asks for (a PaymentIntent's or a SetupIntent's secret). */
StripeInstance.prototype.handleNextAction = function (options) {
  var clientSecret = options && options.clientSecret;
  var kind = typeof clientSecret === "string" && /^seti_/.test(clientSecret) ? SETUP : PAYMENT;
  var id;
  try {
    id = intentId(clientSecret, "handleNextAction", kind.prefix);
  } catch (error) {
    return Promise.reject(error);
  }
  return call(
    "GET",
    kind.path + encodeURIComponent(id),
    { key: this._key, client_secret: clientSecret },
    kind.key,
  ).then((result) => settle(this, kind, result, clientSecret, true));
};
