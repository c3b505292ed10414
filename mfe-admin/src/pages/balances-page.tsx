import { useEffect, useRef, useState } from "react";
import { AdminRoot } from "../components/admin-root";
import { CsvButton, FailureAlert, useCsvDownload } from "../components/report-actions";
import { ChargeDialog } from "../components/charge-dialog";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { downloadBalancesCsv, useBalances, type BalancesDue } from "../lib/balances";
import "../styles.css";

import { Charges, type Acting } from "../components/balances-charges";
import { Groups, Summary } from "../components/balances-totals";

/** The seats of a plan that still has charges open, each once (what cancelling the plan frees). */
function seatsOfPlan(data: BalancesDue, orderId: string) {
  const seen = new Map<string, { camperName: string; className: string }>();
  for (const c of data.instalments) {
    if (c.orderId !== orderId) continue;
    for (const s of c.seats) seen.set(`${s.classId}\u0000${s.camperName}`, s);
  }
  return [...seen.values()];
}

/**
 * /dashboard/balances: what families still owe on payment plans (decision 040), as the server
 * adds it up: totals, groups by due week (oldest first), family or class, and every open charge,
 * which the office may try again, move, waive, or end by cancelling the family's plan.
 */
export default function BalancesPage() {
  const balances = useBalances();
  const [acting, setActing] = useState<Acting | null>(null);
  const [done, setDone] = useState<{ text: string; n: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const csv = useCsvDownload();
  const statusRef = useRef<HTMLParagraphElement>(null);

  // The row acted on may be gone once the list is read again: focus goes to what happened.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const succeeded = (text: string) => {
    setActing(null);
    setFailure(null);
    setDone((d) => ({ text, n: (d?.n ?? 0) + 1 }));
  };
  const failed = (text: string) => {
    setDone(null);
    setFailure(text);
  };

  const data = balances.data;
  return (
    <AdminRoot>
      <PageHeading title="Balances due">
        {data && (
          <CsvButton
            csv={csv}
            download={() => downloadBalancesCsv(data.today)}
            disabled={data.instalments.length === 0}
          />
        )}
      </PageHeading>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Every payment-plan charge still to come or refused. A refused card is tried again by itself until its attempts
        run out; then the charge is at risk, and so are the seats it pays for.
      </p>
      <p
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className={
          done
            ? "mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
            : "sr-only"
        }
      >
        {done?.text}
      </p>
      <FailureAlert text={failure ?? csv.failure} />
      {balances.isPending ? (
        <TableSkeleton label="Loading the balances due" />
      ) : balances.isError ? (
        <ErrorState what="The balances due" error={balances.error} onRetry={() => void balances.refetch()} />
      ) : (
        <>
          <Summary data={balances.data} />
          {balances.data.instalments.length === 0 ? (
            <EmptyState title="No family owes anything on a payment plan.">
              Charges still to come or refused show here.
            </EmptyState>
          ) : (
            <>
              <Groups data={balances.data} />
              <Charges data={balances.data} onAct={setActing} onDone={succeeded} onFailed={failed} />
            </>
          )}
        </>
      )}
      {acting && balances.data && (
        <ChargeDialog
          key={`${acting.action}-${acting.charge._id}`}
          action={acting.action}
          charge={acting.charge}
          planSeats={seatsOfPlan(balances.data, acting.charge.orderId)}
          today={balances.data.today}
          onClose={() => setActing(null)}
          onDone={succeeded}
        />
      )}
    </AdminRoot>
  );
}
