// Stripe.js as the local payment sandbox serves it at /v3/: `window.Stripe(publishableKey)` with
// the subset the site and @stripe/stripe-js / @stripe/react-stripe-js call, and Stripe.js's result
// shapes. The card field lives in an iframe of the sandbox's origin (/v3/elements/card): the card
// number never reaches the page; the iframe creates the payment method itself and hands back its id.
(function () {
  "use strict";
  if (window.Stripe) return;

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

  // --- the card element ----------------------------------------------------------------------

  function CardElement(group, options) {
    this._group = group;
    this._options = options || {};
    this._handlers = {};
    this._frame = null;
    this._container = null;
    this._ready = false;
    this._queue = [];
    this._pending = {};
    this._state = { empty: true, complete: false, error: undefined, focused: false };
    this._destroyed = false;
    this._onMessage = this._onMessage.bind(this);
  }

  CardElement.prototype._classes = function () {
    var c = this._options.classes || {};
    return {
      base: c.base || "StripeElement",
      complete: c.complete || "StripeElement--complete",
      empty: c.empty || "StripeElement--empty",
      focus: c.focus || "StripeElement--focus",
      invalid: c.invalid || "StripeElement--invalid",
    };
  };

  CardElement.prototype._paintClasses = function () {
    if (!this._container) return;
    var classes = this._classes();
    var list = this._container.classList;
    list.add(classes.base);
    list.toggle(classes.empty, this._state.empty);
    list.toggle(classes.complete, this._state.complete);
    list.toggle(classes.focus, this._state.focused);
    list.toggle(classes.invalid, !!this._state.error);
  };

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError("This Element has already been destroyed. Please create a new one.");
    if (this._frame)
      throw integrationError(
        "This Element is already mounted. Use `unmount` to unmount the Element before re-mounting.",
      );
    var container = typeof target === "string" ? document.querySelector(target) : target;
    if (!container || container.nodeType !== 1) {
      throw integrationError(
        "The selector you specified (" +
          String(target) +
          ") applies to no DOM elements that are currently on the page.",
      );
    }
    var wrapper = document.createElement("div");
    wrapper.className = "__PrivateStripeElement";
    wrapper.style.cssText =
      "margin:0;padding:0;border:none;display:block;background:transparent;position:relative;opacity:1";
    var frame = document.createElement("iframe");
    var init = { parent: window.location.origin, options: this._options };
    frame.src = SANDBOX_ORIGIN + "/v3/elements/card#" + encodeURIComponent(JSON.stringify(init));
    frame.title = "Secure card payment input frame";
    frame.name = "__privateStripeFrame" + randomId();
    frame.setAttribute("frameborder", "0");
    frame.setAttribute("allowtransparency", "true");
    frame.setAttribute("scrolling", "no");
    frame.setAttribute("role", "presentation");
    var fontSize = (this._options.style && this._options.style.base && this._options.style.base.fontSize) || "16px";
    frame.style.cssText =
      "border:none;margin:0;padding:0;width:1px;min-width:100%;overflow:hidden;display:block;user-select:none;" +
      "color-scheme:normal;height:calc(" +
      fontSize +
      " * 1.2 + 2px)";
    wrapper.appendChild(frame);
    container.appendChild(wrapper);
    this._frame = frame;
    this._wrapper = wrapper;
    this._container = container;
    this._ready = false;
    window.addEventListener("message", this._onMessage);
    this._paintClasses();
    return this;
  };

  CardElement.prototype.unmount = function () {
    if (!this._frame) return this;
    window.removeEventListener("message", this._onMessage);
    var classes = this._classes();
    if (this._container) {
      Object.keys(classes).forEach(
        function (name) {
          this._container.classList.remove(classes[name]);
        }.bind(this),
      );
    }
    if (this._wrapper && this._wrapper.parentNode) this._wrapper.parentNode.removeChild(this._wrapper);
    this._frame = null;
    this._wrapper = null;
    this._container = null;
    this._ready = false;
    this._queue = [];
    var pending = this._pending;
    this._pending = {};
    Object.keys(pending).forEach(function (id) {
      pending[id]({
        error: {
          type: "validation_error",
          code: "element_unmounted",
          message: "The card field is no longer on the page.",
        },
      });
    });
    return this;
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._group._forget(this);
    return this;
  };

  CardElement.prototype.on = function (event, handler) {
    if (typeof handler !== "function") throw integrationError("on() requires a handler function.");
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.addEventListener = CardElement.prototype.on;

  CardElement.prototype.off = function (event, handler) {
    if (!this._handlers[event]) return this;
    this._handlers[event] = handler
      ? this._handlers[event].filter(function (h) {
          return h !== handler && h._original !== handler;
        })
      : [];
    return this;
  };
  CardElement.prototype.removeEventListener = CardElement.prototype.off;

  CardElement.prototype.once = function (event, handler) {
    var wrapped = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    wrapped._original = handler;
    return this.on(event, wrapped);
  };

  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };

  CardElement.prototype._post = function (message) {
    if (!this._frame) return;
    if (!this._ready) {
      this._queue.push(message);
      return;
    }
    this._frame.contentWindow.postMessage(message, SANDBOX_ORIGIN);
  };

  CardElement.prototype.update = function (options) {
    var next = options || {};
    var merged = {};
    Object.keys(this._options).forEach(
      function (key) {
        merged[key] = this._options[key];
      }.bind(this),
    );
    Object.keys(next).forEach(function (key) {
      merged[key] = next[key];
    });
    this._options = merged;
    this._paintClasses();
    this._post({ type: "update", options: next });
    return this;
  };

  CardElement.prototype.focus = function () {
    this._post({ type: "focus" });
    return this;
  };
  CardElement.prototype.blur = function () {
    this._post({ type: "blur" });
    return this;
  };
  CardElement.prototype.clear = function () {
    this._post({ type: "clear" });
    return this;
  };

  /** Asks the iframe to create a card payment method on the sandbox; resolves to Stripe.js's shape. */
  CardElement.prototype._createPaymentMethod = function (key, billingDetails, metadata) {
    if (!this._frame) {
      return Promise.resolve({
        error: {
          type: "validation_error",
          code: "element_not_mounted",
          message:
            "We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.",
        },
      });
    }
    return new Promise((resolve) => {
      var requestId = randomId();
      this._pending[requestId] = resolve;
      this._post({
        type: "createPaymentMethod",
        requestId: requestId,
        key: key,
        billing_details: billingDetails || {},
        metadata: metadata,
      });
    });
  };

  CardElement.prototype._onMessage = function (event) {
    if (!this._frame || event.origin !== SANDBOX_ORIGIN || event.source !== this._frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== "payment-sandbox-card") return;
    switch (data.type) {
      case "ready": {
        this._ready = true;
        var queue = this._queue;
        this._queue = [];
        queue.forEach(this._post.bind(this));
        this._emit("ready", { elementType: "card" });
        break;
      }
      case "resize":
        if (typeof data.height === "number" && data.height > 0)
          this._frame.style.height = Math.ceil(data.height) + "px";
        break;
      case "change":
        this._state.empty = !!data.payload.empty;
        this._state.complete = !!data.payload.complete;
        this._state.error = data.payload.error;
        this._paintClasses();
        this._emit("change", data.payload);
        break;
      case "focus":
      case "blur":
        this._state.focused = data.type === "focus";
        this._paintClasses();
        this._emit(data.type, { elementType: "card" });
        break;
      case "escape":
        this._emit("escape", { elementType: "card" });
        break;
      case "result": {
        var resolve = this._pending[data.requestId];
        delete this._pending[data.requestId];
        if (resolve) resolve(data.result);
        break;
      }
    }
  };

  // --- Elements ------------------------------------------------------------------------------

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

  // --- the Stripe object ---------------------------------------------------------------------

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

  // --- confirming intents, and the authentication they may ask for ---------------------------

  /** What differs between a PaymentIntent and a SetupIntent for Stripe.js. */
  var PAYMENT = {
    prefix: "pi",
    path: "/v1/payment_intents/",
    key: "paymentIntent",
    errorKey: "payment_intent",
    lastError: "last_payment_error",
  };
  var SETUP = {
    prefix: "seti",
    path: "/v1/setup_intents/",
    key: "setupIntent",
    errorKey: "setup_intent",
    lastError: "last_setup_error",
  };

  /**
   * Opens the sandbox's test authentication (its stand-in for the bank's 3-D Secure challenge) in a
   * dialog over the page, as Stripe.js opens the bank's: a frame of the sandbox's origin whose
   * Complete or Fail answers the sandbox itself. Resolves to { intent } (updated) or { error }.
   */
  function authenticate(stripe, intent, clientSecret) {
    return new Promise(function (resolve) {
      var overlay = document.createElement("div");
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      overlay.setAttribute("aria-label", "Authenticate your payment");
      overlay.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;" +
        "background:rgba(0,0,0,0.4);margin:0;padding:0;border:none";
      var frame = document.createElement("iframe");
      var init = {
        parent: window.location.origin,
        intent: intent.id,
        clientSecret: clientSecret,
        key: stripe._key,
        amount: intent.amount,
        currency: intent.currency,
      };
      frame.src = SANDBOX_ORIGIN + "/v3/authenticate#" + encodeURIComponent(JSON.stringify(init));
      frame.title = "Authenticate your payment";
      frame.name = "__privateStripeFrame" + randomId();
      frame.setAttribute("frameborder", "0");
      frame.style.cssText =
        "border:none;margin:0;padding:0;width:min(420px,92vw);height:min(360px,80vh);background:#fff;" +
        "border-radius:6px;box-shadow:0 8px 32px rgba(0,0,0,0.3);color-scheme:normal";
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function onMessage(event) {
        if (event.origin !== SANDBOX_ORIGIN || event.source !== frame.contentWindow) return;
        var data = event.data;
        if (!data || typeof data !== "object" || data.source !== "payment-sandbox-authenticate") return;
        if (data.type === "ready") {
          frame.focus();
          return;
        }
        if (data.type !== "result") return;
        window.removeEventListener("message", onMessage);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        resolve(data.result || { error: { type: "api_error", message: "Unexpected answer." } });
      }
      window.addEventListener("message", onMessage);
    });
  }

  /**
   * A confirmation's or retrieval's answer as Stripe.js gives it: an intent that requires_action is
   * authenticated first (unless `handleActions` is false); an attempt that failed is { error } with
   * the intent in it.
   */
  function settle(stripe, kind, result, clientSecret, handleActions) {
    var intent = result[kind.key];
    if (!intent) return Promise.resolve(result);
    var action = intent.next_action;
    if (intent.status !== "requires_action" || !action || action.type !== "use_stripe_sdk" || !handleActions) {
      return Promise.resolve(result);
    }
    return authenticate(stripe, intent, clientSecret).then(function (answer) {
      if (answer.error) return { error: answer.error };
      var updated = answer.intent;
      var failure = updated[kind.lastError];
      if (updated.status === "requires_payment_method" && failure) {
        var error = Object.assign({}, failure);
        error[kind.errorKey] = updated;
        return { error: error };
      }
      var settled = {};
      settled[kind.key] = updated;
      return settled;
    });
  }

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

  function Stripe(key, options) {
    if (typeof key !== "string" || !/^pk_(test|live)_\w+$/.test(key)) {
      throw integrationError(
        "Invalid value for Stripe(): apiKey should be a publishable key (pk_test_...). You specified: " +
          String(key) +
          ".",
      );
    }
    if (/^pk_live_/.test(key)) {
      throw integrationError("The local payment sandbox takes test keys only (pk_test_...), never a live key.");
    }
    return new StripeInstance(key, options);
  }
  // The release train @stripe/stripe-js 10.x expects (it warns on a mismatch).
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
