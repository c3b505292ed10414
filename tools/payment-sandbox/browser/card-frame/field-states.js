// A part of the card field's script (browser/card-frame.js puts them together): each input's state
// with Stripe's codes and messages, the error the page sees, and the change it is told of.
/* global ORDER, brandOf, cvcLength, digitsOf, fields, form, lastChange: writable, left, luhn */
/* global numberLength, options, tell */
/* exported report, visibleError */
/** Each field's state: { empty, complete, error? } with Stripe's codes and messages. */
function check() {
  var digits = digitsOf(fields.number.value);
  var brand = brandOf(digits);
  var states = {};

  var wanted = numberLength(brand);
  if (!digits) states.number = { empty: true, complete: false };
  else if (digits.length >= wanted && !luhn(digits))
    states.number = { complete: false, error: ["invalid_number", "Your card number is invalid."] };
  else if (digits.length < wanted)
    states.number = { complete: false, incomplete: ["incomplete_number", "Your card number is incomplete."] };
  else states.number = { complete: true };

  var exp = digitsOf(fields.expiry.value);
  if (!exp) states.expiry = { empty: true, complete: false };
  else if (exp.length < 4)
    states.expiry = {
      complete: false,
      incomplete: ["incomplete_expiry", "Your card's expiration date is incomplete."],
    };
  else {
    var month = Number(exp.slice(0, 2));
    var year = 2000 + Number(exp.slice(2));
    var now = new Date();
    var thisYear = now.getFullYear();
    if (month < 1 || month > 12)
      states.expiry = { complete: false, error: ["invalid_expiry_month", "Your card's expiration date is invalid."] };
    else if (year < thisYear)
      states.expiry = {
        complete: false,
        error: ["invalid_expiry_year_past", "Your card's expiration year is in the past."],
      };
    else if (year === thisYear && month < now.getMonth() + 1)
      states.expiry = {
        complete: false,
        error: ["invalid_expiry_month_past", "Your card's expiration date is in the past."],
      };
    else if (year > thisYear + 50)
      states.expiry = { complete: false, error: ["invalid_expiry_year", "Your card's expiration year is invalid."] };
    else states.expiry = { complete: true, month: month, year: year };
  }

  var cvc = digitsOf(fields.cvc.value);
  if (!cvc) states.cvc = { empty: true, complete: false };
  else if (cvc.length < cvcLength(brand))
    states.cvc = { complete: false, incomplete: ["incomplete_cvc", "Your card's security code is incomplete."] };
  else states.cvc = { complete: true };

  if (options.hidePostalCode) states.postal = { empty: true, complete: true, hidden: true };
  else {
    var zip = fields.postal.value.trim();
    if (!zip) states.postal = { empty: true, complete: false };
    else if (/^\d+$/.test(zip) ? zip.length < 5 : zip.length < 3)
      states.postal = { complete: false, incomplete: ["incomplete_zip", "Your postal code is incomplete."] };
    else states.postal = { complete: true };
  }
  return { brand: brand, digits: digits, states: states };
}

var MISSING = {
  number: ["incomplete_number", "Your card number is incomplete."],
  expiry: ["incomplete_expiry", "Your card's expiration date is incomplete."],
  cvc: ["incomplete_cvc", "Your card's security code is incomplete."],
  postal: ["incomplete_zip", "Your postal code is incomplete."],
};

/** The error the page sees: the first field's shown error, `all` showing incomplete ones too. */
function visibleError(result, all) {
  for (var i = 0; i < ORDER.length; i++) {
    var name = ORDER[i];
    var state = result.states[name];
    var shown =
      state.error ||
      ((all || left[name]) && (state.incomplete || (all && state.empty && !state.hidden && MISSING[name])));
    if (shown) return { name: name, error: { type: "validation_error", code: shown[0], message: shown[1] } };
  }
  return undefined;
}

function paint(result, visible) {
  ORDER.forEach(function (name) {
    var bad = !!(visible && visible.name === name) || !!result.states[name].error;
    fields[name].setAttribute("aria-invalid", bad ? "true" : "false");
    fields[name].classList.toggle("invalid", bad);
  });
  form.dataset.brand = result.brand;
}

function report(all) {
  var result = check();
  var visible = visibleError(result, all);
  var empty = ORDER.every(function (name) {
    return result.states[name].empty;
  });
  var complete = ORDER.every(function (name) {
    return result.states[name].complete;
  });
  paint(result, visible);
  form.classList.toggle("complete", complete);
  var payload = {
    elementType: "card",
    empty: empty,
    complete: complete,
    brand: result.brand,
    value: { postalCode: options.hidePostalCode ? "" : fields.postal.value.trim() },
    error: visible ? visible.error : undefined,
  };
  var key = JSON.stringify(payload);
  if (key !== lastChange) {
    lastChange = key;
    tell({ type: "change", payload: payload });
  }
  return { result: result, visible: visible, complete: complete };
}
