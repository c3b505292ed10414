import { countOf } from "shared-auth/plural";
import { stageText, useOpenRefunds, usd } from "../lib/refunds";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Refunds to follow up: those still on their way (waiting for the payment service, or
 * processing there) and those that failed, newest first. A failed refund's amount counts as not
 * refunded again: refund it another way (a goodwill refund from the family's payments).
 */
export function RefundsPanel() {
  const refunds = useOpenRefunds();
  if (refunds.isPending) return <TableSkeleton label="Loading refunds" rows={2} />;
  if (refunds.isError) {
    return <ErrorState what="The refunds" error={refunds.error} onRetry={() => void refunds.refetch()} />;
  }
  const { items, pending, failed } = refunds.data;
  if (items.length === 0) {
    return (
      <EmptyState title="No refunds to follow up">
        Every refund has reached the card. A refund the payment service has not finished, or that failed, shows here.
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        {countOf(pending, "refund", "refunds")} on the way · {countOf(failed, "failed", "failed")}
      </p>
      <ul
        aria-label="Refunds to follow up"
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {items.map((r) => (
          <li key={r._id} className="flex flex-col gap-0.5 px-4 py-2.5 text-sm">
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-slate-800 dark:text-slate-200">
                <span className="font-semibold">{usd(r.amountCents)}</span> to {r.family} ({r.email}),{" "}
                {r.class_name ?? "the whole payment"}
              </span>
              <span className="text-slate-600 dark:text-slate-400">{when.format(new Date(r.date))}</span>
            </span>
            <span
              className={
                r.stage === "failed"
                  ? "font-semibold text-red-700 dark:text-red-300"
                  : "text-slate-700 dark:text-slate-300"
              }
            >
              {stageText(r)}
            </span>
            {(r.reason || r.origin === "provider") && (
              <span className="text-slate-600 dark:text-slate-400">
                {r.origin === "provider" ? "Made at the payment service's dashboard" : `Reason: ${r.reason}`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
