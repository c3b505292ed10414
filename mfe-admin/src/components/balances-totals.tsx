import { useId, useState } from "react";
import type { BalancesDue } from "../lib/balances";
import { money } from "../lib/discounts";
import { CELL, HEAD, ROW, TABLE_BOX } from "./balances-styles";

type View = "byWeek" | "byFamily" | "byClass";

const VIEWS: { value: View; label: string; column: string }[] = [
  { value: "byWeek", label: "By due week", column: "Week" },
  { value: "byFamily", label: "By family", column: "Family" },
  { value: "byClass", label: "By class", column: "Class" },
];

/** The four figures of the server's answer, as it gives them. */
export function Summary({ data }: { data: BalancesDue }) {
  const figures = [
    { label: "Owed", cents: data.owedCents, hint: "Still to be charged on every plan" },
    { label: "Overdue", cents: data.overdueCents, hint: "Of it, due before today" },
    { label: "At risk", cents: data.atRiskCents, hint: "Refused, no attempt left" },
    { label: "Collected on plans", cents: data.collectedCents, hint: "Deposits and instalments, less refunds" },
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((f) => (
        <div
          key={f.label}
          className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd className="font-display text-2xl font-bold text-slate-900 dark:text-white">{money(f.cents)}</dd>
          <dd className="text-xs text-slate-600 dark:text-slate-400">{f.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The server's groups (by due week, family or class), one view at a time. */
export function Groups({ data }: { data: BalancesDue }) {
  const id = useId();
  const [view, setView] = useState<View>("byWeek");
  const shown = VIEWS.find((v) => v.value === view)!;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Totals
        </h2>
        {/* Toggle buttons: each is reached with Tab and pressed with Enter or Space. */}
        <div
          role="group"
          aria-label="Group the totals"
          className="inline-flex rounded-full border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
        >
          {VIEWS.map((v) => (
            <button
              key={v.value}
              type="button"
              aria-pressed={view === v.value}
              onClick={() => setView(v.value)}
              className={`rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 ${
                view === v.value
                  ? "bg-orange-700 text-white"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
              }`}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      {/* Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it. */}
      <div
        role="region"
        aria-label={`Totals ${shown.label.toLowerCase()}, scrollable`}
        tabIndex={0}
        className={TABLE_BOX}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Totals {shown.label.toLowerCase()}</caption>
          <thead className={HEAD}>
            <tr>
              {[shown.column, "Charges", "Owed", "Overdue"].map((h, i) => (
                <th key={h} scope="col" className={`px-3 py-2 ${i > 0 ? "text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data[view].map((g) => (
              <tr key={g.key} className={ROW}>
                <th scope="row" className={`${CELL} font-semibold break-words text-slate-900 dark:text-white`}>
                  {g.label}
                </th>
                <td className={`${CELL} text-right`}>{g.charges}</td>
                <td className={`${CELL} text-right`}>{money(g.owedCents)}</td>
                <td
                  className={`${CELL} text-right ${g.overdueCents > 0 ? "font-semibold text-red-700 dark:text-red-300" : ""}`}
                >
                  {money(g.overdueCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
