import { lazy, Suspense, useCallback, useState } from "react";
import {
  apiErrorStatus,
  formatSession,
  ImageOrInitials,
  useAcademy,
  useStudentEmail,
  type CartItem,
} from "shared-auth";
import { useCart } from "shared-auth/queries";
import { NotAStudent } from "../../components/no-student";
import { PageFrame } from "../../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../../components/states";
import { card, dollars } from "../../components/styles";
import { seatFor } from "../campers/seat";
import { cartTotal } from "../cart/cart-total";
import { paymentPath } from "../cart/pay-paths";
import { useCheckout, useRecordPayment, type Checkout } from "./checkout-api";
import { CheckoutHoldTimer, useSeatHold } from "./checkout-hold";
import { CheckoutRefused, HoldRanOut, PaymentComplete, PaymentNotRecorded } from "./checkout-outcomes";
import { CheckoutCodeForm, CodeRefused, useCheckoutCode } from "./checkout-promo-code";
import { ConfirmEmailFirst } from "./confirm-email";
import { PaidElsewhere } from "./paid-elsewhere";
import { PlanChoice, PlanRefused, PlanSchedule } from "./plan-choice";
import { AcceptedTerms } from "../cancellations/policy";
import { familyDiscountsLost, paidAloneSentence } from "../pricing/paid-alone";
import { cents, useQuote } from "../pricing/pricing-api";
import { LinePrice, PaidAloneNotice, PricingRule } from "../pricing/price-parts";

// Stripe's libraries come with the card form, so only the payment pages ever load them.
const CardPayment = lazy(() => import("./card-payment"));

/**
 * A payment page: the whole cart, or (single payment) one cart item. It opens the checkout on
 * arrival, shows what is bought and the server's amount, the seat hold's countdown with Extend,
 * and the card form; then records the payment and refreshes every view of the student's bookings.
 */
export function CheckoutView({
  singleCartItemId,
  selection,
  promoCode,
}: {
  singleCartItemId?: string;
  /** A code applied on the cart page. */
  promoCode?: string;
  /** Some cart items only (a waitlist offer's seats): /dashboard/payment?items=a,b. */
  selection?: string[];
}) {
  const chosen = singleCartItemId !== undefined ? [singleCartItemId] : selection;
  const email = useStudentEmail();
  const cart = useCart();
  const [paid, setPaid] = useState<{ transactionId: string } | null>(null);
  // Paid in another tab left open on this page (Stripe refused to charge the intent twice). Held
  // here, not in the checkout: recording the payment empties the cart, which would otherwise
  // replace the answer with "Nothing to pay for".
  const [paidElsewhere, setPaidElsewhere] = useState<string | null>(null);
  // False only when the API said so (decision 028); unknown (an older API) lets the checkout decide.
  const unconfirmed = useAcademy((s) => s.user?.emailVerified === false);
  const title = singleCartItemId === undefined ? "Payment" : "Pay for one class";

  let body;
  if (paid) body = <PaymentComplete transactionId={paid.transactionId} />;
  else if (email === null) body = <NotAStudent />;
  else if (paidElsewhere !== null)
    body = <PaidElsewhere email={email} singleCartItemId={singleCartItemId} transactionId={paidElsewhere} />;
  else if (cart.isPending) body = <RowsSkeleton label="Loading your selected classes" rows={2} />;
  else if (cart.isError)
    body = <ErrorState what="Your selected classes" error={cart.error} onRetry={() => void cart.refetch()} />;
  else {
    const items = chosen === undefined ? cart.data : cart.data.filter((i) => chosen.includes(i._id));
    if (items.length === 0) {
      body =
        chosen === undefined ? (
          <EmptyState title="Nothing to pay for" to="/classes" linkLabel="Browse classes">
            Your cart is empty. Add a class to your booking, then come back here to pay.
          </EmptyState>
        ) : (
          <EmptyState title="This class is not in your cart" to="/dashboard/mydashboard" linkLabel="Back to my cart">
            It may have been paid for or removed already. Your cart shows what is left to pay.
          </EmptyState>
        );
    } else if (cartTotal(items) <= 0) {
      body = (
        <EmptyState title="Nothing to pay" to="/dashboard/mydashboard" linkLabel="Back to my cart">
          These classes cost nothing, so there is no card payment to make.
        </EmptyState>
      );
    } else if (unconfirmed) {
      body = <ConfirmEmailFirst email={email} />;
    } else {
      body = (
        <OpenCheckout
          email={email}
          cartItems={items}
          wholeCart={cart.data}
          singleCartItemId={singleCartItemId}
          selection={chosen}
          promoCode={promoCode ?? null}
          onPaid={(transactionId) => setPaid({ transactionId })}
          onPaidElsewhere={setPaidElsewhere}
        />
      );
    }
  }
  return <PageFrame title={title}>{body}</PageFrame>;
}

function OpenCheckout({
  email,
  cartItems,
  wholeCart,
  singleCartItemId,
  selection,
  promoCode,
  onPaid,
  onPaidElsewhere,
}: {
  email: string;
  cartItems: CartItem[];
  /** Every item of the cart: a row paid alone is compared with its price in the whole cart. */
  wholeCart: CartItem[];
  singleCartItemId: string | undefined;
  selection: string[] | undefined;
  promoCode: string | null;
  onPaid: (transactionId: string) => void;
  onPaidElsewhere: (transactionId: string) => void;
}) {
  const { code, verdict, checking, applyCode } = useCheckoutCode(cartItems, promoCode);
  // Pay in full (null) or a payment plan the server offers for these seats (decision 040).
  const [planId, setPlanId] = useState<string | null>(null);
  const checkout = useCheckout(email, selection, true, code, planId);
  const offered = useQuote(
    email,
    cartItems.map((i) => i._id),
    code,
  );
  // A row paid alone: the whole cart's quote (without a code: the family discounts come before
  // it) says which of the row's discounts need the other rows.
  const together = useQuote(
    email,
    singleCartItemId !== undefined && wholeCart.length > 1 ? wholeCart.map((i) => i._id) : [],
    null,
  );
  const record = useRecordPayment(email, singleCartItemId);
  const payments = useAcademy((s) => s.env?.payments);
  const user = useAcademy((s) => s.user);

  const orderId = checkout.data?.orderId ?? null;
  const hold = useSeatHold(email, orderId);

  const pay = useCallback(
    (transactionId: string) => {
      record.mutate({ transactionId }, { onSuccess: (answer) => onPaid(answer.payment.transactionId) });
    },
    [record, onPaid],
  );

  if (checkout.isPending) return <RowsSkeleton label="Holding your seats and preparing the payment" rows={2} />;
  if (checkout.isError && code !== null && apiErrorStatus(checkout.error) === 400) {
    return (
      <CodeRefused
        code={code}
        error={checkout.error}
        cartItems={cartItems}
        singleCartItemId={singleCartItemId}
        onWithoutCode={() => void applyCode(null)}
      />
    );
  }
  if (checkout.isError && planId !== null && apiErrorStatus(checkout.error) === 400) {
    return <PlanRefused error={checkout.error} onPayInFull={() => setPlanId(null)} />;
  }
  if (checkout.isError) return <CheckoutRefused error={checkout.error} onRetry={() => void checkout.refetch()} />;
  const co: Checkout = checkout.data;
  const expired = hold.expiredOrder === co.orderId;

  if (record.isError) {
    return (
      <PaymentNotRecorded error={record.error} onRetry={() => record.mutate({ transactionId: co.paymentIntentId })} />
    );
  }
  if (expired && !record.isPending) {
    return <HoldRanOut starting={checkout.isFetching} onStart={() => void checkout.refetch()} />;
  }

  const images = new Map(cartItems.map((i) => [i._id, i.image]));
  const bought = new Map(cartItems.map((i) => [i._id, i]));
  // Paying one row alone: what it gives up, from the server's two prices of the row.
  const row = singleCartItemId !== undefined ? co.items.find((i) => i.cartItemId === singleCartItemId) : undefined;
  const paidAlone =
    row?.priceCents !== undefined
      ? paidAloneSentence(
          row.priceCents,
          familyDiscountsLost(
            together.data?.items.find((i) => i.cartItemId === singleCartItemId),
            { priceCents: row.priceCents, discounts: row.discounts ?? [] },
          ),
        )
      : null;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(0,26rem)]">
      {paidAlone && <PaidAloneNotice sentence={paidAlone} wholeCart={paymentPath(co.promoCode ?? null)} />}
      <section aria-labelledby="buying" className={`p-4 sm:p-6 ${card}`}>
        <h2 id="buying" className="font-display text-xl font-bold text-slate-900 dark:text-white">
          You are paying for
        </h2>
        <ul className="mt-4 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {co.items.map((item) => (
            <li key={item.cartItemId} className="flex flex-wrap items-center gap-3 py-3">
              {images.get(item.cartItemId) && (
                <ImageOrInitials
                  src={images.get(item.cartItemId)}
                  alt=""
                  name={item.class_name}
                  loading="eager"
                  className="h-12 w-12 shrink-0 rounded-lg object-cover text-base"
                />
              )}
              <span className="min-w-[10rem] flex-1 font-medium text-slate-900 dark:text-white">
                {item.class_name}
                {/* Whose seat and when it runs: what a parent checks once more before paying. */}
                <span
                  className="block text-sm font-medium text-indigo-800 dark:text-indigo-300"
                  data-testid="checkout-camper"
                >
                  {seatFor(item.camper_name || bought.get(item.cartItemId)?.camper_name)}
                </span>
                <span
                  className="block text-sm font-normal text-slate-600 dark:text-slate-400"
                  data-testid="checkout-session"
                >
                  {(bought.get(item.cartItemId) && formatSession(bought.get(item.cartItemId)!)) ??
                    "Dates to be announced"}
                </span>
              </span>
              <span className="ml-auto tabular-nums text-slate-700 dark:text-slate-300">
                {item.listPriceCents !== undefined && item.priceCents !== undefined ? (
                  <LinePrice
                    listPriceCents={item.listPriceCents}
                    priceCents={item.priceCents}
                    discounts={item.discounts ?? []}
                  />
                ) : (
                  dollars(item.price)
                )}
              </span>
            </li>
          ))}
        </ul>
        {!!co.discountCents && (
          <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4 text-slate-700 dark:border-slate-800 dark:text-slate-300">
            <span>Discounts</span>
            <span className="tabular-nums" data-testid="checkout-discounts">
              −{cents(co.discountCents)}
            </span>
          </p>
        )}
        {co.plan && co.totalCents !== undefined && (
          <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4 text-slate-700 dark:border-slate-800 dark:text-slate-300">
            <span>Total ({co.currency.toUpperCase()})</span>
            <span className="tabular-nums" data-testid="checkout-total">
              {cents(co.totalCents)}
            </span>
          </p>
        )}
        <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4 text-lg font-bold text-slate-900 dark:border-slate-800 dark:text-white">
          <span>{co.plan ? "Due today" : `Total (${co.currency.toUpperCase()})`}</span>
          <span className="tabular-nums" data-testid="checkout-amount">
            {dollars(co.amount)}
          </span>
        </p>
        <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <CheckoutCodeForm
            checkout={co}
            verdict={verdict}
            busy={checking || checkout.isFetching}
            onApply={(next) => void applyCode(next)}
          />
          {co.rule && <PricingRule rule={co.rule} />}
        </div>
      </section>
      <section aria-labelledby="card-heading" className={`flex flex-col gap-4 p-4 sm:p-6 ${card}`}>
        <h2 id="card-heading" className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Pay by card
        </h2>
        {/* An API from before payment plans answers no plans: paid in full, as then. */}
        {offered.data?.paymentPlans && offered.data.paymentPlans.length > 0 && (
          <PlanChoice
            offers={offered.data.paymentPlans}
            totalCents={offered.data.totalCents}
            chosen={planId}
            onChoose={setPlanId}
            busy={checkout.isFetching || record.isPending}
          />
        )}
        {co.plan && <PlanSchedule plan={co.plan} />}
        <AcceptedTerms />
        <CheckoutHoldTimer checkout={co} hold={hold} />
        {!payments ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            Card payments are not available on this site right now. Nothing was charged.
          </p>
        ) : (
          <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
            <CardPayment
              payments={payments}
              clientSecret={co.clientSecret}
              amount={co.amount}
              billing={{ name: user?.displayName || email, email }}
              locked={record.isPending || expired}
              onPaid={pay}
              onAlreadyPaid={onPaidElsewhere}
            />
          </Suspense>
        )}
        {record.isPending && (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Payment accepted: enrolling you in your classes…
          </p>
        )}
      </section>
    </div>
  );
}
