// Raw card data, checked as Stripe does before any charge: the number (length, Luhn), the expiry
// and the CVC. The number itself is never kept (see payment-methods.ts).
import { ApiError, invalid } from "./errors.js";
import { isParams } from "./form-body.js";
import { readString } from "./params.js";
export function luhnValid(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
        let digit = Number(digits[digits.length - 1 - i]);
        if (i % 2 === 1) {
            digit *= 2;
            if (digit > 9)
                digit -= 9;
        }
        sum += digit;
    }
    return sum % 10 === 0;
}
export function cardBrand(digits) {
    if (digits.startsWith("4"))
        return "visa";
    if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits))
        return "mastercard";
    if (/^3[47]/.test(digits))
        return "amex";
    if (/^(6011|65|64[4-9])/.test(digits))
        return "discover";
    if (/^35/.test(digits))
        return "jcb";
    if (/^3(0[0-5]|[68])/.test(digits))
        return "diners";
    return "unknown";
}
/** A wrong number, expiry or CVC is a card_error (402) naming the parameter that is wrong. */
export function readCard(data, prefix) {
    const params = data ?? {};
    if (!isParams(params))
        throw invalid("Invalid object", prefix);
    const cardError = (code, message, param) => new ApiError(402, {
        type: "card_error",
        code,
        message,
        param: `${prefix}[${param}]`,
        doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    });
    const digits = readString(params, "number", { required: true }).replace(/[\s-]/g, "");
    const expMonth = readString(params, "exp_month", { required: true });
    const expYear = readString(params, "exp_year", { required: true });
    const cvc = readString(params, "cvc");
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
        throw cardError("incorrect_number", "Your card number is incorrect.", "number");
    }
    const month = /^\d{1,2}$/.test(expMonth.trim()) ? Number(expMonth.trim()) : NaN;
    if (!(month >= 1 && month <= 12)) {
        throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
    }
    let year = /^\d{2}$|^\d{4}$/.test(expYear.trim()) ? Number(expYear.trim()) : NaN;
    if (year < 100)
        year += 2000;
    const today = new Date();
    const thisYear = today.getUTCFullYear();
    if (!(year >= thisYear && year <= thisYear + 50)) {
        throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
    }
    if (year === thisYear && month < today.getUTCMonth() + 1) {
        throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
    }
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
        throw cardError("invalid_cvc", "Your card's security code is invalid.", "cvc");
    }
    return { number: digits, exp_month: month, exp_year: year, cvc };
}
//# sourceMappingURL=card-data.js.map