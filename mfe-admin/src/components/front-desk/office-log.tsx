import { useId } from "react";
import { readTime } from "../../lib/family";
import { useOfficeLog } from "../../lib/front-desk-api";
import { ErrorState } from "../states";

/**
 * The office activity log (decision 047): who did what at the desk, newest first. For one family
 * under its bookings, or for every family on the desk's first screen.
 */
export function OfficeLogPanel({ familyId }: { familyId: string | null }) {
  const id = useId();
  const log = useOfficeLog(familyId);
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700"
    >
      <h2 id={id} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        {familyId ? "What the office did for this family" : "Recent office activity"}
      </h2>
      {log.isPending ? (
        <p role="status">Loading the office log…</p>
      ) : log.isError ? (
        <ErrorState what="The office log" error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Nothing yet.</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {log.data.map((line) => (
            <li key={line._id} className="break-words">
              <time dateTime={line.at} className="font-semibold text-slate-900 dark:text-white">
                {readTime(line.at)}
              </time>
              {` · ${line.actorName}: ${line.summary}`}
              {!familyId && line.familyName ? ` (${line.familyName})` : ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
