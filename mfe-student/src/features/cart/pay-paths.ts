/**
 * Where the cart's Pay buttons lead: the payment page for the whole cart, or the single
 * payment page for one row, each carrying the promo code applied on the cart. The server applies
 * the code again there and prices the payment itself (the browser never sends a price); when the
 * code cannot apply to what is paid, the payment page says why before anything is held or charged.
 */

/** The longest code the API reads (its `promoCode` field). */
const MAX_CODE = 40;

const withCode = (query: URLSearchParams, code: string | null | undefined) => {
  const typed = code?.trim();
  if (typed) query.set("code", typed.slice(0, MAX_CODE));
  return query;
};

/** The cart with the code applied there (?code=): Back and "Back to my cart" keep it applied. */
export function cartPath(code?: string | null): string {
  const query = withCode(new URLSearchParams(), code).toString();
  return query ? `/dashboard/mydashboard?${query}` : "/dashboard/mydashboard";
}

/** The whole cart's payment page: /dashboard/payment, with ?code= when a code is applied. */
export function paymentPath(code?: string | null): string {
  const query = withCode(new URLSearchParams(), code).toString();
  return query ? `/dashboard/payment?${query}` : "/dashboard/payment";
}

/** One row's payment page: /dashboard/singlepayment?item=<cart item id>, with &code= when a code is applied. */
export function singlePaymentPath(cartItemId: string, code?: string | null): string {
  return `/dashboard/singlepayment?${withCode(new URLSearchParams({ item: cartItemId }), code).toString()}`;
}

/** The code a payment page was sent with (?code=), as the API reads it; undefined when none. */
export function promoCodeOf(query: URLSearchParams): string | undefined {
  return query.get("code")?.trim().slice(0, MAX_CODE) || undefined;
}

/**
 * A payment page's address with the code it now uses (set, or taken out when null), the rest
 * kept: "Continue without the code" and "Remove code" take it out, so a reload does not bring the
 * refused or removed code back; a code applied there is kept for a reload.
 */
export function withPromoCode(query: URLSearchParams, code: string | null): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete("code");
  return withCode(next, code);
}
