// Amounts in a currency's smallest unit: Stripe's limits and how its messages show them.
import { invalid } from "./errors.js";
/** Smallest amounts Stripe accepts, in the currency's smallest unit (others: 50). */
const MINIMUM_AMOUNTS = {
    gbp: 30,
    dkk: 250,
    nok: 300,
    sek: 300,
    hkd: 400,
    czk: 1500,
    mxn: 1000,
    huf: 17500,
};
const CURRENCY_SYMBOLS = {
    usd: "$",
    eur: "€",
    gbp: "£",
    cad: "$",
    aud: "$",
    nzd: "$",
    sgd: "$",
};
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd"]);
const MAXIMUM_AMOUNT = 99_999_999;
export function formatAmount(amount, currency) {
    const value = ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
    return `${CURRENCY_SYMBOLS[currency] ?? ""}${value}`;
}
/** Refuses an amount below the currency's minimum or above Stripe's maximum, with Stripe's messages. */
export function checkAmount(amount, currency) {
    const minimum = ZERO_DECIMAL.has(currency) ? 50 : (MINIMUM_AMOUNTS[currency] ?? 50);
    if (amount < 1) {
        throw invalid("This value must be greater than or equal to 1.", "amount", "parameter_invalid_integer");
    }
    if (amount < minimum) {
        throw invalid(`Amount must be at least ${formatAmount(minimum, currency)} ${currency}`, "amount", "amount_too_small");
    }
    if (amount > MAXIMUM_AMOUNT) {
        throw invalid(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`, "amount", "amount_too_large");
    }
}
//# sourceMappingURL=money.js.map