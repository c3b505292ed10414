import type { InstalmentRow } from "../lib/plans";
import { addDays, rowKey } from "../lib/plans";
import { buttonStyles } from "./buttons";
import { fieldHelpers, INPUT } from "./plan-form-fields";

/**
 * One instalment of the payment plan form: when it is due (a day or days before the first day) and
 * its share; the last one takes the rest, so it has no share to type.
 */
export function InstalmentRowFields({
  row,
  index,
  count,
  rowId,
  today,
  problems,
  onChange,
  onRemove,
}: {
  row: InstalmentRow;
  index: number;
  count: number;
  rowId: string;
  today: string;
  problems: Record<string, string>;
  onChange: (change: Partial<InstalmentRow>) => void;
  onRemove: () => void;
}) {
  const { described, problemText, field } = fieldHelpers(problems);
  const last = index === count - 1;
  const dueKey = rowKey(index, "due");
  const shareKey = rowKey(index, "share");
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
        {`Instalment ${index + 1}${last ? " (the last)" : ""}`}
      </legend>
      {/* Four columns on a wide screen, the choices wide enough for their words. */}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_minmax(0,14rem)_minmax(0,1fr)]">
        {field(
          `${rowId}-when`,
          "Due",
          <select
            id={`${rowId}-when`}
            className={INPUT}
            value={row.when}
            onChange={(e) => onChange({ when: e.target.value as InstalmentRow["when"] })}
          >
            <option value="date">On a day</option>
            <option value="days">Days before the first day</option>
          </select>,
        )}
        {row.when === "date"
          ? field(
              `${rowId}-date`,
              "Day",
              <input
                id={`${rowId}-date`}
                type="date"
                className={INPUT}
                value={row.date}
                min={addDays(today, 1)}
                onChange={(e) => onChange({ date: e.target.value })}
                {...described(dueKey, `${rowId}-due-problem`)}
              />,
              problemText(dueKey, `${rowId}-due-problem`),
            )
          : field(
              `${rowId}-days`,
              "Days before the first day",
              <input
                id={`${rowId}-days`}
                className={INPUT}
                value={row.days}
                inputMode="numeric"
                onChange={(e) => onChange({ days: e.target.value })}
                {...described(dueKey, `${rowId}-due-problem`)}
              />,
              problemText(dueKey, `${rowId}-due-problem`),
            )}
        {last ? (
          <p className="text-sm text-slate-700 sm:col-span-2 sm:self-end dark:text-slate-300">
            <span className="font-medium">Share: the rest.</span> Whatever is left of each seat after the deposit and
            the instalments before it, so every seat is paid to the cent.
          </p>
        ) : (
          <>
            {field(
              `${rowId}-shareKind`,
              "Share is",
              <select
                id={`${rowId}-shareKind`}
                className={INPUT}
                value={row.shareKind}
                onChange={(e) => onChange({ shareKind: e.target.value as InstalmentRow["shareKind"] })}
              >
                <option value="percent">A percent of each seat</option>
                <option value="amount">Dollars a seat</option>
              </select>,
            )}
            {field(
              `${rowId}-share`,
              row.shareKind === "percent" ? "Share (%)" : "Share ($ a seat)",
              <input
                id={`${rowId}-share`}
                className={INPUT}
                value={row.share}
                inputMode={row.shareKind === "percent" ? "numeric" : "decimal"}
                onChange={(e) => onChange({ share: e.target.value })}
                {...described(shareKey, `${rowId}-share-problem`)}
              />,
              problemText(shareKey, `${rowId}-share-problem`),
            )}
          </>
        )}
      </div>
      {count > 1 && (
        <div>
          <button
            type="button"
            className={buttonStyles.plain}
            onClick={onRemove}
            aria-label={`Remove instalment ${index + 1}`}
          >
            Remove
          </button>
        </div>
      )}
    </fieldset>
  );
}
