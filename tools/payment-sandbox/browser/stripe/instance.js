// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): the Stripe object
// `Stripe(key)` returns, its Elements and its payment methods.
/* global CardElement, Elements, integrationError */
/* exported StripeInstance, cardElementOf */
function cardElementOf(stripe, card) {
  if (!(card instanceof CardElement)) {
    throw integrationError("Invalid value for card: value should be a card Element created by this Stripe instance.");
  }
  if (card._group._stripe !== stripe) {
    throw integrationError("The card Element was created by a different Stripe instance.");
  }
  return card;
}

function StripeInstance(key, options) {
  this._key = key;
  this._options = options || {};
  this._wrappers = [];
  this._appInfo = null;
}

StripeInstance.prototype.elements = function (options) {
  return new Elements(this, options);
};

StripeInstance.prototype._registerWrapper = function (wrapper) {
  this._wrappers.push(wrapper);
};

StripeInstance.prototype.registerAppInfo = function (info) {
  this._appInfo = info;
};

StripeInstance.prototype.createPaymentMethod = function (typeOrData, cardArg, dataArg) {
  var data;
  if (typeof typeOrData === "string") {
    data = Object.assign({}, dataArg || {}, { type: typeOrData, card: cardArg });
  } else {
    data = typeOrData || {};
  }
  if (data.type !== "card") {
    return Promise.reject(
      integrationError("The local payment sandbox creates card payment methods only (type: 'card')."),
    );
  }
  var card;
  try {
    card = cardElementOf(this, data.card);
  } catch (error) {
    return Promise.reject(error);
  }
  return card._createPaymentMethod(this._key, data.billing_details, data.metadata);
};
