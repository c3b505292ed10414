// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): retrieving intents with
// their client secret, and the tokens the sandbox does not make.
/* global StripeInstance, call, intentId */
StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
  var id;
  try {
    id = intentId(clientSecret, "retrievePaymentIntent");
  } catch (error) {
    return Promise.reject(error);
  }
  return call(
    "GET",
    "/v1/payment_intents/" + encodeURIComponent(id),
    { key: this._key, client_secret: clientSecret },
    "paymentIntent",
  );
};

StripeInstance.prototype.retrieveSetupIntent = function (clientSecret) {
  var id;
  try {
    id = intentId(clientSecret, "retrieveSetupIntent", "seti");
  } catch (error) {
    return Promise.reject(error);
  }
  return call(
    "GET",
    "/v1/setup_intents/" + encodeURIComponent(id),
    { key: this._key, client_secret: clientSecret },
    "setupIntent",
  );
};

/** Tokens are Stripe's older API: the site uses payment methods, so the sandbox answers plainly. */
StripeInstance.prototype.createToken = function () {
  return Promise.resolve({
    error: {
      type: "invalid_request_error",
      message: "The local payment sandbox does not create tokens: use createPaymentMethod.",
    },
  });
};
