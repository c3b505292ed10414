import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState, type FormEvent } from "react";
import { actionButton, dollars } from "../../components/styles";
import type { PaymentsConfig } from "shared-auth";
import { loadStripeFor } from "./stripe-loader";

export interface CardPaymentProps {
  payments: PaymentsConfig;
  clientSecret: string;
  amount: number;
  billing: { name: string; email: string };
  /** The hold ran out, or the payment is being recorded: the form takes no payment. */
  locked: boolean;
  onPaid: (paymentIntentId: string) => void;
  /** The PaymentIntent was paid before (in another tab or window): nothing more was charged. */
  onAlreadyPaid: (paymentIntentId: string) => void;
  /** What to say when the intent was cancelled meanwhile (the checkout's words by default). */
  endedText?: string;
  /** A card saved before (a PaymentMethod id), offered beside a new one: confirmed after the bank's check. */
  savedCard?: string | null;
  /** The client secret is a SetupIntent's: the card is saved, nothing charged (`onPaid` gets its id). */
  setup?: boolean;
}

const CHECKOUT_ENDED =
  "This checkout has ended (its hold ran out, or you opened another one in a new tab). Nothing was charged: reload the page to start again.";

/**
 * The card form of the payment pages (loaded with this chunk only there): Stripe.js, then Stripe
 * Elements' card field, in an iframe of Stripe's (or the local sandbox's) origin.
 */
export default function CardPayment(props: CardPaymentProps) {
  const { payments } = props;
  const stripe = useQuery({
    queryKey: ["stripe-js", payments.publishableKey, payments.stripeJsUrl ?? null],
    queryFn: () => loadStripeFor(payments),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
    refetchOnWindowFocus: false,
  });

  if (!stripe.data && (stripe.isPending || stripe.isFetching)) {
    return (
      <div role="status" className="rounded-xl border border-slate-200 p-4 text-slate-600 dark:border-slate-700">
        Loading the secure card form…
      </div>
    );
  }
  if (!stripe.data) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
      >
        <p className="font-semibold">The secure card form could not be loaded.</p>
        <p className="mt-1 text-sm">
          Check your connection, or whether a browser extension blocks Stripe, then try again. Nothing was charged.
        </p>
        <button
          type="button"
          onClick={() => void stripe.refetch()}
          className="mt-3 rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          Retry
        </button>
      </div>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardForm {...props} />
    </Elements>
  );
}

const CARD_STYLE = {
  style: {
    base: { fontSize: "16px", color: "#0f172a", "::placeholder": { color: "#64748b" } },
    invalid: { color: "#b91c1c" },
  },
};

function CardForm(props: CardPaymentProps) {
  const { clientSecret, amount, billing, locked, onPaid, onAlreadyPaid, savedCard } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const onChange = useCallback((event: StripeCardElementChangeEvent) => {
    setError(event.error?.message ?? null);
  }, []);

  /** Confirms the intent with a new card (from the field) or with the saved one. */
  const pay = async (withSaved: boolean) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || (!card && !withSaved) || processing || locked) return;
    setProcessing(true);
    setError(null);
    try {
      let paymentMethod = savedCard ?? "";
      if (!withSaved) {
        // Spec section 7: a payment method with the student's billing name and e-mail, then the card confirmation.
        const created = await stripe.createPaymentMethod({ type: "card", card: card!, billing_details: billing });
        if (created.error) {
          setError(created.error.message ?? "Your card could not be used.");
          return;
        }
        paymentMethod = created.paymentMethod.id;
      }
      if (props.setup) {
        const saved = await stripe.confirmCardSetup(clientSecret, { payment_method: paymentMethod });
        if (saved.error) setError(saved.error.message ?? "Your card could not be saved.");
        else if (saved.setupIntent.status === "succeeded") onPaid(saved.setupIntent.id);
        else setError("Your card could not be saved. Nothing was changed.");
        return;
      }
      const confirmed = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod });
      if (confirmed.error) {
        // Paid already, in another tab left open on this page: Stripe's words are for developers
        // ("You cannot confirm this PaymentIntent because it has already succeeded..."), so the
        // intent is read back and the page says what happened instead.
        if (confirmed.error.code === "payment_intent_unexpected_state") {
          const current = await stripe.retrievePaymentIntent(clientSecret);
          if (current.paymentIntent?.status === "succeeded") {
            onAlreadyPaid(current.paymentIntent.id);
            return;
          }
          if (current.paymentIntent?.status === "canceled") {
            setError(props.endedText ?? CHECKOUT_ENDED);
            return;
          }
        }
        setError(confirmed.error.message ?? "Your card payment did not go through.");
        return;
      }
      if (confirmed.paymentIntent.status === "succeeded") onPaid(confirmed.paymentIntent.id);
      else setError("Your card payment did not go through. Nothing was charged.");
    } finally {
      setProcessing(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void pay(false);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-describedby="card-error">
      <div role="group" aria-labelledby="card-label">
        <p id="card-label" className="mb-1.5 text-sm font-semibold text-slate-800 dark:text-slate-200">
          Card details
        </p>
        {/* Focus is inside the card field's frame, out of this page's :focus-within: Stripe.js marks
            its mount point StripeElement--focus instead (WCAG 2.4.7, a visible focus indicator). */}
        <div className="rounded-xl border border-slate-300 bg-white px-3 py-3.5 has-[.StripeElement--focus]:border-indigo-700 has-[.StripeElement--focus]:outline-2 has-[.StripeElement--focus]:outline-offset-2 has-[.StripeElement--focus]:outline-indigo-700 dark:border-slate-600 dark:has-[.StripeElement--focus]:outline-indigo-400">
          <CardElement options={CARD_STYLE} onChange={onChange} />
        </div>
      </div>
      <p id="card-error" aria-live="polite" className="min-h-6 text-sm font-medium text-red-700 dark:text-red-400">
        {error}
      </p>
      <button
        type="submit"
        className={`${actionButton} w-full sm:w-auto sm:self-start`}
        disabled={!stripe || !elements || !clientSecret || processing || locked}
      >
        {processing ? "Processing…" : props.setup ? "Save this card" : `Pay ${dollars(amount)}`}
      </button>
      {savedCard && (
        <button
          type="button"
          onClick={() => void pay(true)}
          className="self-start text-sm font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 disabled:opacity-60 dark:text-indigo-300"
          disabled={!stripe || processing || locked}
        >
          {`Or pay ${dollars(amount)} with the card you saved`}
        </button>
      )}
    </form>
  );
}
