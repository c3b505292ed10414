// A part of the card field's script (browser/card-frame.js puts them together): the page's style
// options, applied through a constructed sheet, and the frame's height told to the page.
/* global fields, options, tell */
/* exported applyStyle, sendSize */
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
