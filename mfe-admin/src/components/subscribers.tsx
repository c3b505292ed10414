import { useState } from "react";
import { errorMessage } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { downloadSubscribersCsv, useSubscribers } from "../lib/admin-api";
import { buttonStyles } from "./buttons";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** The newsletter's subscribers, newest first, and the whole list as a CSV file. */
export function Subscribers() {
  const subscribers = useSubscribers();
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (subscribers.isPending) return <TableSkeleton label="Loading subscribers" rows={3} />;
  if (subscribers.isError) {
    return <ErrorState what="The subscribers" error={subscribers.error} onRetry={() => void subscribers.refetch()} />;
  }
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {countOf(subscribers.data.length, "subscriber", "subscribers")}
        </p>
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={exporting || subscribers.data.length === 0}
          onClick={() => {
            setExporting(true);
            setProblem(null);
            downloadSubscribersCsv()
              .catch((error: unknown) => setProblem(errorMessage(error)))
              .finally(() => setExporting(false));
          }}
        >
          {exporting ? "Exporting…" : "Export CSV"}
        </button>
      </div>
      {problem && (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
          The export failed: {problem}
        </p>
      )}
      {subscribers.data.length === 0 ? (
        <EmptyState title="No subscribers yet">Addresses from "Subscribe For Offer!" show here.</EmptyState>
      ) : (
        // The list scrolls on its own: focusable and named, so a keyboard can scroll it (axe's
        // scrollable-region-focusable) and a screen reader says what it is.
        <div
          role="region"
          aria-label="Subscribers, scrollable"
          tabIndex={0}
          className="max-h-[32rem] overflow-y-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-slate-800 dark:bg-slate-900"
        >
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Subscribers">
            {subscribers.data.map((s) => (
              <li key={s._id} className="flex flex-wrap justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="break-all text-slate-800 dark:text-slate-200">{s.email}</span>
                <span className="text-slate-500 dark:text-slate-400">{day.format(new Date(s.createdAt))}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
