// A part of the card field's script (browser/card-frame.js puts them together): what the page that
// mounted the frame told it, the four inputs, and the one way back to that page.
/* exported ORDER, PARENT_ORIGIN, fields, focused, form, lastChange, left, options, tell */
var SOURCE = "payment-sandbox-card";
var init;
try {
  init = JSON.parse(decodeURIComponent(window.location.hash.slice(1))) || {};
} catch {
  init = {};
}
var PARENT_ORIGIN = typeof init.parent === "string" ? init.parent : null;
var options = init.options || {};

var form = document.getElementById("card");
var fields = {
  number: document.getElementById("cardnumber"),
  expiry: document.getElementById("exp-date"),
  cvc: document.getElementById("cvc"),
  postal: document.getElementById("postal"),
};
var ORDER = ["number", "expiry", "cvc", "postal"];
/** A field's incomplete error shows once the field has been left, as on Stripe. */
var left = {};
var focused = false;
var lastChange = "";

function tell(message) {
  if (!PARENT_ORIGIN || window.parent === window) return;
  message.source = SOURCE;
  window.parent.postMessage(message, PARENT_ORIGIN);
}
