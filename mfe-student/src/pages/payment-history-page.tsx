import { useStudentEmail } from "shared-auth";
import { paymentStatusLabel } from "shared-auth/payment-status";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { card, dollars } from "../components/styles";
import { paymentLines } from "../features/campers/seat";
import { moveRows, signedDollars } from "../features/history/moved-seat";
import { usePayments, type PaymentRecord } from "../features/history/use-payments";
import { YearEndStatements } from "../features/statements/year-end-statements";
import "../styles.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const REFUND_STATE = {
  succeeded: "",
  pending: " (on its way: the payment service has not confirmed it yet)",
  failed: " (did not reach the card: the academy sees it and will sort it out)",
} as const;

function PaymentCard({ payment }: { payment: PaymentRecord }) {
  return (
    <li className={`grid gap-2 p-4 sm:grid-cols-[1fr_auto] ${card}`}>
      <div className="min-w-0">
        {/* The spec's classNames, each with whose seat it was (camperNames, in the same order). */}
        {paymentLines(payment).map((line, i) => (
          <p key={i} className="break-words">
            <span className="font-semibold text-slate-900 dark:text-white">{line.className}</span>{" "}
            <span className="text-indigo-800 dark:text-indigo-300" data-testid="payment-camper">
              {line.seat}
            </span>
            {/* What was paid for this seat and each discount taken off it. */}
            {payment.lines?.[i] && payment.lines[i].discounts.length > 0 && (
              <span className="block text-sm text-slate-700 dark:text-slate-300" data-testid="payment-line-discounts">
                {payment.lines[i].listPriceCents !== null && (
                  <>
                    <s className="tabular-nums">{dollars(payment.lines[i].listPriceCents / 100)}</s>{" "}
                  </>
                )}
                {payment.lines[i].discounts.map((d) => `${d.name} −${dollars(d.cents / 100)}`).join(", ")}
                {", paid "}
                <span className="tabular-nums">{dollars(payment.lines[i].priceCents / 100)}</span>
              </span>
            )}
          </p>
        ))}
        {payment.move && (
          <div className="text-sm text-slate-700 dark:text-slate-300" data-testid="payment-move">
            <p className="font-semibold text-indigo-800 dark:text-indigo-300">
              {`${payment.move.camperName}'s seat moved from ${payment.move.fromClass}: its payment pays the new seat`}
            </p>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4">
              {moveRows(payment.move).map((row) => (
                <div key={row.label} className="contents">
                  <dt>{row.label}</dt>
                  <dd className="text-right tabular-nums">{signedDollars(row.cents)}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {payment.plan && (
          <p className="text-sm font-semibold text-indigo-800 dark:text-indigo-300" data-testid="payment-plan-part">
            {payment.plan.part === "deposit"
              ? `Deposit of your payment plan “${payment.plan.name}”`
              : `A payment of your payment plan “${payment.plan.name}”`}
          </p>
        )}
        {!!payment.discountCents && (
          <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300" data-testid="payment-discounts">
            Discounts: −{dollars(payment.discountCents / 100)}
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={payment.date}>{dateFormat.format(new Date(payment.date))}</time>
        </p>
        {!payment.move && (
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">
            Transaction id: {payment.transactionId}
          </p>
        )}
        {/* Money sent back: each refund with its date and state. */}
        {payment.refunds && payment.refunds.length > 0 && (
          <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Refunds">
            {payment.refunds.map((r, i) => (
              <li key={i} data-testid="payment-refund">
                {r.movedTo ? `Carried to ${r.movedTo}: ` : "Refund "}
                {dollars(r.amount)} on <time dateTime={r.date}>{dateFormat.format(new Date(r.date))}</time>
                {!r.movedTo && REFUND_STATE[r.status]}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center gap-3 sm:flex-col sm:items-end">
        <span className="text-lg font-bold tabular-nums text-slate-900 dark:text-white">{dollars(payment.price)}</span>
        {/* The stored "service pending" (spec section 9) is a paid payment, and says so. */}
        <span
          className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200"
          data-testid="payment-status"
        >
          {paymentStatusLabel(payment.status)}
        </span>
      </div>
    </li>
  );
}

export default function PaymentHistoryPage() {
  const payments = usePayments();
  // Only a student has a cart to pay from (an instructor or admin sees what they paid before).
  const student = useStudentEmail() !== null;
  return (
    <PageFrame title="Payment History">
      {payments.isPending ? (
        <RowsSkeleton label="Loading your payments" />
      ) : payments.isError ? (
        <ErrorState what="Your payments" error={payments.error} onRetry={() => void payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <EmptyState
          title="No payments yet"
          to={student ? "/dashboard/mydashboard" : "/"}
          linkLabel={student ? "Go to my cart" : "Back to home"}
        >
          When you pay for classes, each payment shows here with its transaction id.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Your payments, newest first">
          {payments.data.map((p) => (
            <PaymentCard key={p._id} payment={p} />
          ))}
        </ol>
      )}
      {/* Under the list once it has loaded: its payments pick the statements' first year, which then stays put. */}
      {!payments.isPending && <YearEndStatements paymentDates={payments.data?.map((p) => p.date) ?? []} />}
    </PageFrame>
  );
}
