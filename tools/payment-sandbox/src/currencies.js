// The presentment currencies Stripe takes (https://docs.stripe.com/currencies), in the order its
// "Invalid currency" message names them: usd first, then the rest alphabetically.
import { invalid } from "./errors.js";
const SUPPORTED = ("usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd " +
    "cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq " +
    "gyd hkd hnl htg huf idr ils inr isk jmd jpy kes kgs khr kmf krw kyd kzt lak lbp lkr lrd lsl mad " +
    "mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln " +
    "pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs top try ttd twd tzs " +
    "uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw").split(" ");
const SUPPORTED_SET = new Set(SUPPORTED);
/**
 * The currency in lower case, or Stripe's 400 for one it does not have (the sandbox is no more
 * lenient than Stripe: a typo in the API's currency fails here before it fails in production).
 */
export function checkCurrency(value) {
    const currency = value.toLowerCase();
    if (!SUPPORTED_SET.has(currency)) {
        throw invalid(`Invalid currency: ${currency}. Stripe currently supports these currencies: ${SUPPORTED.join(", ")}`, "currency");
    }
    return currency;
}
//# sourceMappingURL=currencies.js.map