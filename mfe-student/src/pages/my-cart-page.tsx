import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useStudentEmail } from "shared-auth";
import { useCart } from "shared-auth/queries";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { actionButton, buttonSecondary, card, dollars } from "../components/styles";
import { cartTotal } from "../features/cart/cart-total";
import { CartTable } from "../features/cart/cart-table";
import { paymentPath, promoCodeOf } from "../features/cart/pay-paths";
import { cents, useQuote } from "../features/pricing/pricing-api";
import { PricingRule } from "../features/pricing/price-parts";

// The code field loads when asked for: the cart's first load stays within its budget.
const PromoCodeForm = lazy(() => import("../features/pricing/promo-code-form"));
import "../styles.css";

export default function MyCartPage() {
  const email = useStudentEmail();
  const cart = useCart();
  // The server prices the cart: each line's discounts, the code's verdict, the total.
  // The code lives in the page's address (?code=), so coming back from a payment page (Back, or its
  // "Back to my cart") finds it still applied for the other rows' Pay.
  const [query, setQuery] = useSearchParams();
  const code = promoCodeOf(query) ?? null;
  const setCode = (next: string | null) => {
    const rest = new URLSearchParams(query);
    if (next) rest.set("code", next);
    else rest.delete("code");
    setQuery(rest, { replace: true });
  };
  // Open at once when the address has a code; focused only when the family opens it.
  const [askCode, setAskCode] = useState<"shown" | "asked" | null>(code !== null ? "shown" : null);
  const quote = useQuote(email, cart.data?.map((i) => i._id) ?? [], code);
  const prices = new Map(quote.data?.items.map((i) => [i.cartItemId, i]));
  const applied = quote.data?.code?.applied ? quote.data.code.code : null;
  return (
    <PageFrame title="My Selected Classes">
      {email === null ? (
        <NotAStudent />
      ) : cart.isPending ? (
        <RowsSkeleton label="Loading your selected classes" />
      ) : cart.isError ? (
        <ErrorState what="Your selected classes" error={cart.error} onRetry={() => void cart.refetch()} />
      ) : cart.data.length === 0 ? (
        <EmptyState title="Your cart is empty" to="/classes" linkLabel="Browse classes">
          Pick a class you like and press Add To Booking: it will wait for you here.
        </EmptyState>
      ) : (
        <>
          <div className={`flex flex-wrap items-center justify-between gap-4 p-4 ${card}`}>
            <p className="text-lg font-semibold text-slate-900 dark:text-white">
              Total Class: <span className="tabular-nums">{cart.data.length}</span>
            </p>
            <p className="text-lg font-semibold text-slate-900 dark:text-white">
              Total Price:{" "}
              <span className="tabular-nums" data-testid="cart-total">
                {quote.data
                  ? cents(quote.data.totalCents)
                  : dollars(cartTotal(cart.data.map((i) => ({ price: i.price_today }))))}
              </span>
            </p>
            <Link to={paymentPath(applied)} className={actionButton}>
              Pay Now
            </Link>
          </div>
          <CartTable items={cart.data} prices={prices} promoCode={applied} />
          <div className={`flex flex-col gap-3 p-4 ${card}`}>
            {askCode ? (
              <Suspense fallback={<p role="status">Loading…</p>}>
                <PromoCodeForm
                  applied={code}
                  verdict={quote.data?.code}
                  busy={quote.isFetching}
                  onApply={(next) => setCode(next)}
                  focusOnShow={askCode === "asked"}
                />
              </Suspense>
            ) : (
              <button type="button" className={`self-start ${buttonSecondary}`} onClick={() => setAskCode("asked")}>
                Have a promo code?
              </button>
            )}
            {quote.data && <PricingRule rule={quote.data.rule} />}
          </div>
        </>
      )}
    </PageFrame>
  );
}
