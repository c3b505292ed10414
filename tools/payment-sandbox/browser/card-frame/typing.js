// A part of the card field's script (browser/card-frame.js puts them together): typing: each input
// formatted as it is typed, the focus moved on, and the whole field's focus and blur.
/* global ORDER, brandOf, cvcLength, digitsOf, fields, focused: writable, form, formatExpiry */
/* global formatNumber, left, numberLength, report, tell */
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
