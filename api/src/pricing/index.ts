/**
 * Pricing (decision 034): discounts (promo codes, the sibling and multi-class discounts),
 * the one rule that combines them with a class's early-bird price (rules.ts, pure), quoting a cart
 * and recording a code's use under a lock on the code. Booking prices its checkouts here; the
 * admin routes manage discounts. Other code uses pricing from here.
 */
export {
  AID_LINE_NAME,
  aidOf,
  codeSummary,
  money,
  priceOn,
  priceOrder,
  PRICING_RULE_IN_WORDS,
  type AidCredit,
  type AidUse,
  type ClassPrices,
  type LineInput,
  type PricingInput,
  type Quote,
} from "./rules.js";
export { lockCode, normalizeCode, orderCode, pricingDay, quote, recordCodeUse } from "./store.js";
export { discountRoutes } from "./routes.js";
export { priceUnderTerms, pricingTerms } from "./terms.js";
