import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { api, errorMessage, type CartItem, type CartQuote, type CodeVerdict } from "shared-auth";
import { actionButton, buttonSecondary, card } from "../../components/styles";
import { seatFor } from "../campers/seat";
import { cartPath, withPromoCode } from "../cart/pay-paths";
import PromoCodeForm from "../pricing/promo-code-form";
import type { Checkout } from "./checkout-api";

/**
 * The promo code of a payment page: the code in use (from the cart page or applied here), the
 * verdict on the last one tried, and `applyCode` to try another (null removes it).
 */
export function useCheckoutCode(cartItems: CartItem[], promoCode: string | null) {
  const [code, setCode] = useState<string | null>(promoCode);
  const [verdict, setVerdict] = useState<CodeVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  // The address follows the code in use (replaced, not pushed): a reload neither brings back a
  // code the family went on without nor drops one applied here.
  const [, setQuery] = useSearchParams();
  const addressCode = (next: string | null) => setQuery((query) => withPromoCode(query, next), { replace: true });
  // A code is tried on a quote first (nothing held): only one that applies replaces the checkout.
  const applyCode = async (next: string | null) => {
    if (next === null) {
      setVerdict(null);
      setCode(null);
      addressCode(null);
      return;
    }
    setChecking(true);
    try {
      const ids = cartItems.map((i) => i._id);
      const quoted = (await api.post<CartQuote>("/carts/quote", { cartItemIds: ids, promoCode: next })).data;
      setVerdict(quoted.code);
      if (quoted.code?.applied) {
        setCode(quoted.code.code);
        addressCode(quoted.code.code);
      }
    } catch (error) {
      setVerdict({ code: next, name: "", summary: "", applied: false, reason: errorMessage(error), cents: 0 });
    } finally {
      setChecking(false);
    }
  };
  return { code, verdict, checking, applyCode };
}

/**
 * The code the cart applied may not apply to what is paid here (a row's own Pay: "This code is
 * not for this class."): said before any seat is held or anything charged, with the way on.
 */
export function CodeRefused({
  code,
  error,
  cartItems,
  singleCartItemId,
  onWithoutCode,
}: {
  code: string;
  error: unknown;
  cartItems: CartItem[];
  singleCartItemId: string | undefined;
  onWithoutCode: () => void;
}) {
  return (
    <div role="alert" className={`p-6 ${card}`} data-testid="code-refused">
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">
        The code {code} cannot be used {singleCartItemId !== undefined ? "for this class" : "here"}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{errorMessage(error)} Nothing was charged.</p>
      <ul className="mt-3 text-slate-700 dark:text-slate-300">
        {cartItems.map((item) => (
          <li key={item._id}>
            <span className="font-semibold break-words">{item.class_name}</span> {seatFor(item.camper_name)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={actionButton} onClick={onWithoutCode}>
          Continue without the code
        </button>
        <Link to={cartPath(code)} className={buttonSecondary}>
          Back to my cart
        </Link>
      </div>
    </div>
  );
}

/** The promo code field of an open checkout: the last verdict, else the code the checkout already uses. */
export function CheckoutCodeForm({
  checkout: co,
  verdict,
  busy,
  onApply,
}: {
  checkout: Checkout;
  verdict: CodeVerdict | null;
  busy: boolean;
  onApply: (code: string | null) => void;
}) {
  return (
    <PromoCodeForm
      key={co.promoCode ?? ""}
      applied={co.promoCode ?? null}
      verdict={
        verdict ??
        (co.promoCode
          ? {
              ...APPLIED,
              code: co.promoCode,
              cents: co.items.reduce(
                (sum, i) => sum + (i.discounts ?? []).reduce((n, d) => n + (d.kind === "code" ? d.cents : 0), 0),
                0,
              ),
            }
          : null)
      }
      busy={busy}
      onApply={onApply}
    />
  );
}

/** A code the checkout already uses (from the cart page): applied, its cents from the lines. */
const APPLIED: CodeVerdict = { code: "", name: "", summary: "applied", applied: true, reason: null, cents: 0 };
