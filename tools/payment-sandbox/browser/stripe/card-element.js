// A part of the sandbox's Stripe.js (browser/stripe.js puts them together): the card Element, an
// iframe of the sandbox's origin that it mounts, talks to by postMessage and asks for a payment
// method.
/* global SANDBOX_ORIGIN, integrationError, randomId */
/* exported CardElement */
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
    throw integrationError("This Element is already mounted. Use `unmount` to unmount the Element before re-mounting.");
  var container = typeof target === "string" ? document.querySelector(target) : target;
  if (!container || container.nodeType !== 1) {
    throw integrationError(
      "The selector you specified (" + String(target) + ") applies to no DOM elements that are currently on the page.",
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
      if (typeof data.height === "number" && data.height > 0) this._frame.style.height = Math.ceil(data.height) + "px";
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
