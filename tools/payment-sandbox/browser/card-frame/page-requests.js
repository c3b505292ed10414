// A part of the card field's script (browser/card-frame.js puts them together): the page's
// requests: options, focus, blur, clear, and a card payment method created on the sandbox.
/* global ORDER, PARENT_ORIGIN, applyStyle, digitsOf, fields, form, left, options, report, tell */
/* global visibleError */
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
