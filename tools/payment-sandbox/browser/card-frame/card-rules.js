// A part of the card field's script (browser/card-frame.js puts them together): the card's rules:
// brands, lengths, the Luhn check, and how a number and an expiry are written.
/* exported brandOf, cvcLength, digitsOf, formatExpiry, formatNumber, luhn, numberLength */
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
