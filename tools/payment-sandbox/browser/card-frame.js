// The card field inside its iframe (/v3/elements/card, the sandbox's own origin): number, expiry,
// CVC and postal code on one line as in Stripe's card Element. It talks to the page that mounted it
// only through postMessage with that page's origin, and posts the card to the sandbox itself.
//
// The frame loads it as one classic script, and the sandbox serves it as one: each `// part:` line
// below is replaced by that file of browser/card-frame/, in this order (src/browser-assets.ts). The
// parts share this one function's scope.
/* global applyStyle, sendSize, tell */
(function () {
  "use strict";
  // part: card-frame/fields.js
  // part: card-frame/card-rules.js
  // part: card-frame/field-states.js
  // part: card-frame/typing.js
  // part: card-frame/style.js
  // part: card-frame/page-requests.js

  applyStyle();
  if (typeof ResizeObserver === "function") new ResizeObserver(sendSize).observe(document.documentElement);
  tell({ type: "ready" });
})();
