// The card field inside its iframe (/v3/elements/card, the sandbox's own origin): number, expiry,
// CVC and postal code on one line as in Stripe's card Element. It talks to the page that mounted it
// only through postMessage with that page's origin, and posts the card to the sandbox itself.
(function () {
  "use strict";
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

  // --- the card's rules ----------------------------------------------------------------------

  function digitsOf(value) {
    return value.replace(/\D/g, "");
  }

  function brandOf(digits) {
    if (/^4/.test(digits)) return "visa";
    if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
    if (/^3[47]/.test(digits)) return "amex";
    if (/^(6011|65|64[4-9]|622)/.test(digits)) return "discover";
    if (/^(36|30[0-5]|3095|38|39)/.test(digits)) return "diners";
    if (/^35/.test(digits)) return "jcb";
    if (/^62/.test(digits)) return "unionpay";
    return "unknown";
  }

  function numberLength(brand) {
    if (brand === "amex") return 15;
    if (brand === "diners") return 14;
    return 16;
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function formatNumber(digits, brand) {
    var groups = brand === "amex" ? [4, 6, 5] : brand === "diners" ? [4, 6, 4] : [4, 4, 4, 4, 3];
    var out = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i++) {
      out.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return out.join(" ");
  }

  function formatExpiry(raw, deleting) {
    var digits = digitsOf(raw).slice(0, 4);
    if (digits.length === 1 && Number(digits) > 1) digits = "0" + digits;
    if (digits.length > 2) return digits.slice(0, 2) + " / " + digits.slice(2);
    if (digits.length === 2 && !deleting) return digits + " / ";
    return digits;
  }

  function cvcLength(brand) {
    return brand === "amex" ? 4 : 3;
  }

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

  // --- typing --------------------------------------------------------------------------------

  function next(name) {
    var at = ORDER.indexOf(name);
    for (var i = at + 1; i < ORDER.length; i++) {
      if (!fields[ORDER[i]].hidden) return fields[ORDER[i]];
    }
    return null;
  }

  fields.number.addEventListener("input", function () {
    var digits = digitsOf(fields.number.value);
    var brand = brandOf(digits);
    digits = digits.slice(0, brand === "unknown" || brand === "unionpay" ? 19 : numberLength(brand));
    fields.number.value = formatNumber(digits, brand);
    var state = report(false).result.states.number;
    if (state.complete) fields.expiry.focus();
  });
  fields.expiry.addEventListener("input", function (event) {
    fields.expiry.value = formatExpiry(fields.expiry.value, /^delete/.test(event.inputType || ""));
    var state = report(false).result.states.expiry;
    if (state.complete) fields.cvc.focus();
  });
  fields.cvc.addEventListener("input", function () {
    var brand = brandOf(digitsOf(fields.number.value));
    fields.cvc.value = digitsOf(fields.cvc.value).slice(0, cvcLength(brand));
    var state = report(false).result.states.cvc;
    var after = next("cvc");
    if (state.complete && after) after.focus();
  });
  fields.postal.addEventListener("input", function () {
    fields.postal.value = fields.postal.value.slice(0, 10);
    report(false);
  });

  ORDER.forEach(function (name, index) {
    var field = fields[name];
    field.addEventListener("keydown", function (event) {
      if (event.key === "Escape") tell({ type: "escape" });
      if (event.key === "Backspace" && field.value === "" && index > 0) {
        event.preventDefault();
        fields[ORDER[index - 1]].focus();
      }
    });
    field.addEventListener("blur", function () {
      if (field.value !== "") left[name] = true;
      report(false);
    });
  });

  // Focus and blur of the whole field, not of each input inside it.
  form.addEventListener("focusin", function () {
    if (focused) return;
    focused = true;
    tell({ type: "focus" });
  });
  form.addEventListener("focusout", function (event) {
    if (event.relatedTarget && form.contains(event.relatedTarget)) return;
    focused = false;
    tell({ type: "blur" });
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });

  // --- style ---------------------------------------------------------------------------------

  // A constructed sheet: the page's style options apply without allowing inline styles in the CSP.
  var sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [sheet];
  var STYLE_PROPS = {
    color: "color",
    fontFamily: "font-family",
    fontSize: "font-size",
    fontWeight: "font-weight",
    fontStyle: "font-style",
    letterSpacing: "letter-spacing",
    lineHeight: "line-height",
    textTransform: "text-transform",
    iconColor: null,
  };

  function declarations(style) {
    var out = [];
    Object.keys(style || {}).forEach(function (key) {
      var prop = STYLE_PROPS[key];
      var value = style[key];
      if (!prop || (typeof value !== "string" && typeof value !== "number")) return;
      // A value can never close the rule: only characters that CSS values use.
      var text = String(value);
      if (/[;{}<>\\]/.test(text)) return;
      out.push(prop + ":" + text);
    });
    return out.join(";");
  }

  function applyStyle() {
    while (sheet.cssRules.length) sheet.deleteRule(0);
    var style = options.style || {};
    var base = style.base || {};
    sheet.insertRule("body, input { " + declarations(base) + " }", sheet.cssRules.length);
    if (base["::placeholder"]) {
      sheet.insertRule("input::placeholder { " + declarations(base["::placeholder"]) + " }", sheet.cssRules.length);
    }
    if (style.invalid) {
      sheet.insertRule("input.invalid { " + declarations(style.invalid) + " }", sheet.cssRules.length);
    }
    if (style.complete) {
      sheet.insertRule("form.complete input { " + declarations(style.complete) + " }", sheet.cssRules.length);
    }
    fields.postal.hidden = !!options.hidePostalCode;
    fields.postal.parentElement.hidden = !!options.hidePostalCode;
    fields.number.disabled = fields.expiry.disabled = fields.cvc.disabled = fields.postal.disabled = !!options.disabled;
    fields.postal.placeholder = options.hidePostalCode ? "" : "ZIP";
    if (options.value && typeof options.value.postalCode === "string") fields.postal.value = options.value.postalCode;
    sendSize();
  }

  function sendSize() {
    tell({ type: "resize", height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }

  // --- the page's requests -------------------------------------------------------------------

  function encodeForm(params) {
    var parts = [];
    function add(prefix, value) {
      if (value === undefined || value === null) return;
      if (typeof value === "object") {
        Object.keys(value).forEach(function (key) {
          add(prefix ? prefix + "[" + key + "]" : key, value[key]);
        });
        return;
      }
      parts.push(encodeURIComponent(prefix) + "=" + encodeURIComponent(String(value)));
    }
    add("", params);
    return parts.join("&");
  }

  function createPaymentMethod(request) {
    var checked = report(true);
    if (!checked.complete || checked.visible) {
      var visible = checked.visible || visibleError(checked.result, true);
      return Promise.resolve({ error: visible.error });
    }
    var exp = checked.result.states.expiry;
    var billing = request.billing_details && typeof request.billing_details === "object" ? request.billing_details : {};
    if (!options.hidePostalCode) {
      billing = JSON.parse(JSON.stringify(billing));
      billing.address = billing.address && typeof billing.address === "object" ? billing.address : {};
      if (!billing.address.postal_code) billing.address.postal_code = fields.postal.value.trim();
    }
    var body = encodeForm({
      key: request.key,
      type: "card",
      card: {
        number: checked.result.digits,
        exp_month: exp.month,
        exp_year: exp.year,
        cvc: digitsOf(fields.cvc.value),
      },
      billing_details: billing,
      metadata: request.metadata,
    });
    return fetch("/v1/payment_methods", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
      credentials: "omit",
    }).then(
      function (res) {
        return res.json().then(function (json) {
          if (res.ok) return { paymentMethod: json };
          return { error: json.error || { type: "api_error", message: "Unexpected answer." } };
        });
      },
      function () {
        return {
          error: {
            type: "api_connection_error",
            message: "We could not connect to the payment service. Check your connection and try again.",
          },
        };
      },
    );
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== PARENT_ORIGIN || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== "object") return;
    switch (data.type) {
      case "update":
        if (data.options && typeof data.options === "object") {
          Object.keys(data.options).forEach(function (key) {
            options[key] = data.options[key];
          });
          applyStyle();
          report(false);
        }
        break;
      case "focus":
        (
          ORDER.map(function (n) {
            return fields[n];
          }).find(function (f) {
            return !f.hidden && f.value === "";
          }) || fields.number
        ).focus();
        break;
      case "blur":
        if (document.activeElement && form.contains(document.activeElement)) document.activeElement.blur();
        break;
      case "clear":
        ORDER.forEach(function (name) {
          fields[name].value = "";
          left[name] = false;
        });
        report(false);
        break;
      case "createPaymentMethod":
        createPaymentMethod(data).then(function (result) {
          tell({ type: "result", requestId: data.requestId, result: result });
        });
        break;
    }
  });

  applyStyle();
  if (typeof ResizeObserver === "function") new ResizeObserver(sendSize).observe(document.documentElement);
  lastChange = "";
  tell({ type: "ready" });
})();
