import { useState } from "react";
import { errorMessage } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";
import { downloadCompletionCsv, useFormsCompletion, useRemindFamilies } from "../lib/forms";
import { buttonStyles, inputStyles } from "./buttons";
import { CsvButton, FailureAlert, useCsvDownload } from "./report-actions";
import { ErrorState, TableSkeleton } from "./states";

const STATUS = { complete: "Complete", missing: "Missing", late: "Late" } as const;

/**
 * Where every camper stands on the forms (decision 045): per class, then per camper and form;
 * filtered to first days within a week (or all), incomplete only; a reminder now to the families
 * that still owe one; the same as CSV.
 */
export function FormsCompletion() {
  const [within, setWithin] = useState<number | null>(7);
  const [incomplete, setIncomplete] = useState(true);
  const view = useFormsCompletion(within, incomplete);
  const remind = useRemindFamilies();
  const [note, setNote] = useState("");
  const csv = useCsvDownload();
  const sendNow = () =>
    remind.mutate(within ?? 365, {
      onSuccess: ({ families }) =>
        setNote(
          families === 0
            ? "Every family that owes a form was already reminded today."
            : `A reminder is on its way to ${families} ${families === 1 ? "family" : "families"}.`,
        ),
      onError: (error) => setNote(`No reminder was sent: ${errorMessage(error)}`),
    });
  return (
    <section
      aria-labelledby="forms-completion"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="forms-completion" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Who still owes a form
      </h2>
      <div className="mb-3 flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1 font-semibold text-slate-800 dark:text-slate-200">
          First day
          <select
            className={inputStyles}
            value={within ?? "all"}
            onChange={(e) => setWithin(e.target.value === "all" ? null : Number(e.target.value))}
          >
            <option value="7">In the next 7 days</option>
            <option value="30">In the next 30 days</option>
            <option value="all">Any class to come</option>
          </select>
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-800 dark:text-slate-200">
          <input type="checkbox" checked={incomplete} onChange={(e) => setIncomplete(e.target.checked)} />
          Missing and late only
        </label>
        <button type="button" className={buttonStyles.primary} disabled={remind.isPending} onClick={sendNow}>
          Remind these families now
        </button>
        <CsvButton csv={csv} download={() => downloadCompletionCsv(within, incomplete, academyToday())} plain />
      </div>
      <FailureAlert text={csv.failure} />
      <p role="status" className="mb-3 text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {note}
      </p>
      {view.isPending ? (
        <TableSkeleton label="Loading who owes a form" />
      ) : view.isError ? (
        <ErrorState what="The forms' completion" error={view.error} onRetry={() => void view.refetch()} />
      ) : view.data.items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Nothing to show: every camper in this view is complete.
        </p>
      ) : (
        <>
          <ul className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="By class">
            {view.data.by_class.map((c) => (
              <li key={c.class_id} className="rounded-lg bg-slate-100 px-3 py-1.5 dark:bg-slate-800">
                {`${c.class_name}: ${c.complete} complete, ${c.missing} missing, ${c.late} late`}
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Each camper's forms</caption>
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {["Camper", "Form", "Family", "Due", "Status"].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.data.items.map((i) => (
                  <tr
                    key={`${i.form_id}|${i.family_id}|${i.camper_id ?? ""}`}
                    className="border-b border-slate-100 dark:border-slate-800"
                    data-testid="completion-row"
                  >
                    <th scope="row" className="px-2 py-2 font-semibold">
                      {i.camper_name ?? "(the family)"}
                    </th>
                    <td className="px-2 py-2">{i.title}</td>
                    <td className="px-2 py-2 break-all">{`${i.family_name} (${i.family_email})`}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{i.due_date}</td>
                    <td
                      className={`px-2 py-2 font-semibold ${i.status === "late" ? "text-red-700 dark:text-red-300" : ""}`}
                    >
                      {STATUS[i.status]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
