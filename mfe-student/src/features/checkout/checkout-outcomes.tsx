import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router-dom";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { ErrorState } from "../../components/states";
import { actionButton, card } from "../../components/styles";
import { FormsToDo } from "../forms/forms-to-do";

/** How a payment page ends when it does not show the card form: refused, paid, paid before. */

/** The seat hold ran out before the payment: nothing was charged, and the checkout can start again. */
export function HoldRanOut({ starting, onStart }: { starting: boolean; onStart: () => void }) {
  return (
    <div role="alert" className={`p-6 ${card}`}>
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">Your hold ran out</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The seats we were holding for you were released, and nothing was charged. You can start again: if the classes
        still have seats, they will be held for you anew.
      </p>
      <button type="button" className={`mt-4 ${actionButton}`} disabled={starting} onClick={onStart}>
        {starting ? "Starting again…" : "Start again"}
      </button>
    </div>
  );
}

/** The checkout was paid in another tab or window left open on this page: nothing more was charged. */
export function AlreadyPaid() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className={`p-6 ${card}`} data-testid="already-paid">
      <h2
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold text-slate-900 outline-none dark:text-white"
      >
        This cart is already paid.
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        It was paid in another tab or window, and your card was not charged again. Your classes are in My Enrolled
        Classes.
      </p>
      <Link to="/dashboard/enrolledclasses" className={`mt-4 ${actionButton}`}>
        My Enrolled Classes
      </Link>
    </div>
  );
}

/** The checkout could not be opened: the server's reason (class full, already enrolled...) and a way on. */
export function CheckoutRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = apiErrorStatus(error);
  if (status !== 409 && status !== 404 && status !== 422) {
    return <ErrorState what="Your payment" error={error} onRetry={onRetry} />;
  }
  return (
    <div role="alert" className={`p-6 ${card}`}>
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">This payment cannot start</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{errorMessage(error)} Nothing was charged.</p>
      <Link to="/dashboard/mydashboard" className={`mt-4 ${actionButton}`}>
        Back to my cart
      </Link>
    </div>
  );
}

/** The card was charged but the server refused to record it (refunded) or could not be reached. */
export function PaymentNotRecorded({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = apiErrorStatus(error);
  if (status === 409) {
    return (
      <div role="alert" className={`p-6 ${card}`}>
        <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">You were not enrolled</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{errorMessage(error)}</p>
        <Link to="/dashboard/mydashboard" className={`mt-4 ${actionButton}`}>
          Back to my cart
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className={`p-6 ${card}`}>
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">Your payment is being recorded</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your card payment went through, but the site could not confirm your enrolment yet ({errorMessage(error)}). It
        will be recorded even if you leave this page; try again to see it now.
      </p>
      <button type="button" className={`mt-4 ${actionButton}`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Spec section 8's success notices, where the classes are now, and the forms they still need. */
export function PaymentComplete({ transactionId }: { transactionId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <PaidNotice transactionId={transactionId} heading={heading} />
      <FormsToDo ready />
    </div>
  );
}

function PaidNotice({
  transactionId,
  heading,
}: {
  transactionId: string;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <h2
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-bold text-emerald-900 outline-none dark:text-emerald-100"
      >
        Payment Complete Successfully
      </h2>
      <p className="mt-2 break-all text-emerald-900 dark:text-emerald-100">
        Transaction completed &amp; transactionId: {transactionId}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/dashboard/enrolledclasses" className={actionButton}>
          My Enrolled Classes
        </Link>
        <Link
          to="/dashboard/paymenthistory"
          className="inline-flex items-center rounded-full border border-emerald-700 px-5 py-2.5 font-semibold text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 dark:text-emerald-100"
        >
          Payment History
        </Link>
      </div>
    </div>
  );
}
