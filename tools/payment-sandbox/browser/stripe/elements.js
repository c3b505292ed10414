// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): `stripe.elements()`,
// the group that creates the one card Element.
/* global CardElement, integrationError */
/* exported Elements */
function Elements(stripe, options) {
  this._stripe = stripe;
  this._options = options || {};
  this._elements = {};
}

Elements.prototype.create = function (type, options) {
  if (type !== "card") {
    throw integrationError(
      "The local payment sandbox supports the card Element only; `" + String(type) + "` is not available here.",
    );
  }
  if (this._elements.card) throw integrationError("Can only create one Element of type card.");
  var element = new CardElement(this, options);
  this._elements.card = element;
  return element;
};

Elements.prototype.getElement = function (type) {
  var name = typeof type === "function" || (type && typeof type === "object") ? type.__elementType : type;
  return this._elements[name] || null;
};

Elements.prototype._forget = function (element) {
  Object.keys(this._elements).forEach(
    function (name) {
      if (this._elements[name] === element) delete this._elements[name];
    }.bind(this),
  );
};

Elements.prototype.update = function (options) {
  var next = options || {};
  Object.keys(next).forEach(
    function (key) {
      this._options[key] = next[key];
    }.bind(this),
  );
  return this;
};

Elements.prototype.fetchUpdates = function () {
  return Promise.resolve({});
};
