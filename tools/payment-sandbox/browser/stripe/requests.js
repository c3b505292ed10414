// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): where the sandbox is,
// and the calls to its API with the publishable key, answered in Stripe.js's shapes.
/* exported SANDBOX_ORIGIN, call, integrationError, intentId, randomId */
// The sandbox is wherever this script came from.
var script = document.currentScript || document.querySelector('script[src*="/v3"]');
if (!script || !script.src) throw new Error("The payment sandbox's Stripe.js must be loaded with a <script src>.");
var SANDBOX_ORIGIN = new URL(script.src).origin;

function integrationError(message) {
  var error = new Error(message);
  error.name = "IntegrationError";
  return error;
}

function randomId() {
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

/** Stripe's form encoding: a[b][c]=v, arrays as a[0]=v. */
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

function connectionError() {
  return {
    error: {
      type: "api_connection_error",
      message: "We could not connect to the payment service. Check your connection and try again.",
    },
  };
}

/** One call to the sandbox's API with the publishable key; `key` names the success field. */
function call(method, path, params, key) {
  var body = encodeForm(params);
  var url = SANDBOX_ORIGIN + path + (method === "GET" ? "?" + body : "");
  return fetch(url, {
    method: method,
    headers: method === "GET" ? {} : { "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : body,
    credentials: "omit",
  }).then(
    function (res) {
      return res.json().then(function (json) {
        if (res.ok) {
          var result = {};
          result[key] = json;
          return result;
        }
        return { error: json && json.error ? json.error : { type: "api_error", message: "Unexpected answer." } };
      });
    },
    function () {
      return connectionError();
    },
  );
}

/** The intent id in a client secret: a PaymentIntent's (pi_) unless `prefix` says seti (a SetupIntent's). */
function intentId(clientSecret, method, prefix) {
  var pattern = new RegExp("^" + (prefix || "pi") + "_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$");
  if (typeof clientSecret !== "string" || !pattern.test(clientSecret)) {
    throw integrationError(
      "Invalid value for " +
        method +
        " intentSecret: value should be a client_secret string. You specified: " +
        String(clientSecret) +
        ".",
    );
  }
  return clientSecret.split("_secret_")[0];
}
