import { useState } from "react";
import { academyToday } from "shared-auth/academy-time";
import { AdminRoot } from "../components/admin-root";
import { FailureAlert, ReportActions, useCsvDownload } from "../components/report-actions";
import { inputStyles } from "../components/buttons";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import {
  columnLabel,
  downloadExportCsv,
  EXPORT_KINDS,
  lastMonth,
  spanProblem,
  useOfficeExport,
  type ExportKind,
  type OfficeExport,
} from "../lib/exports";
import "../styles.css";

const fieldLabel = "block text-sm font-semibold text-slate-800 dark:text-slate-200";

/**
 * /dashboard/exports: the office's enrolments, payments and refunds of a span of days, the first
 * rows on the page (printable) and every row as CSV.
 */
export default function ExportsPage() {
  const [kind, setKind] = useState<ExportKind>("enrolments");
  const [span, setSpan] = useState(() => lastMonth(academyToday()));
  const problem = spanProblem(span);
  const data = useOfficeExport(kind, span);
  const csv = useCsvDownload();
  const label = EXPORT_KINDS.find((k) => k.kind === kind)!.label;
  return (
    <AdminRoot>
      <PageHeading title="Exports">
        <ReportActions
          csv={csv}
          download={() => downloadExportCsv(kind, span)}
          label={`Download ${label.toLowerCase()} CSV`}
          disabled={problem !== null}
        />
      </PageHeading>
      <div className="mb-4 grid max-w-2xl gap-3 sm:grid-cols-3 print:hidden">
        <label className={fieldLabel}>
          What
          <select
            className={`mt-1 block w-full ${inputStyles}`}
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
          >
            {EXPORT_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className={fieldLabel}>
          From
          <input
            type="date"
            className={`mt-1 block w-full ${inputStyles}`}
            value={span.from}
            required
            onChange={(e) => setSpan({ ...span, from: e.target.value })}
          />
        </label>
        <label className={fieldLabel}>
          To
          <input
            type="date"
            className={`mt-1 block w-full ${inputStyles}`}
            value={span.to}
            required
            aria-invalid={problem !== null}
            aria-describedby={problem ? "export-span-problem" : undefined}
            onChange={(e) => setSpan({ ...span, to: e.target.value })}
          />
        </label>
      </div>
      {problem && (
        <p id="export-span-problem" className="mb-4 text-sm font-semibold text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      <FailureAlert text={csv.failure} />
      {problem ? null : data.isPending ? (
        <TableSkeleton label={`Loading the ${label.toLowerCase()}`} />
      ) : data.isError ? (
        <ErrorState what={`The ${label.toLowerCase()}`} error={data.error} onRetry={() => void data.refetch()} />
      ) : data.data.total === 0 ? (
        <EmptyState title={`No ${label.toLowerCase()} in those days.`}>Choose other days.</EmptyState>
      ) : (
        <Rows data={data.data} label={label} />
      )}
    </AdminRoot>
  );
}

function Rows({ data, label }: { data: OfficeExport; label: string }) {
  return (
    <>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {data.rows.length < data.total
          ? `The first ${data.rows.length} of ${data.total} rows: the CSV has them all.`
          : `${data.total} ${data.total === 1 ? "row" : "rows"}.`}
      </p>
      <div
        className="overflow-x-auto print:overflow-visible"
        tabIndex={0}
        role="region"
        aria-label={`${label} (scrolls sideways)`}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {label} from {data.from} to {data.to}
          </caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              {data.columns.map((c) => (
                <th key={c} scope="col" className="py-1 pr-3 whitespace-nowrap">
                  {columnLabel(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-slate-900 dark:text-slate-100">
            {data.rows.map((row, i) => (
              <tr key={i} className="border-t border-slate-200 align-top dark:border-slate-700">
                {row.map((cell, j) => (
                  <td key={j} className={`max-w-[16rem] py-1.5 pr-3 break-words ${j === 0 ? "whitespace-nowrap" : ""}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
