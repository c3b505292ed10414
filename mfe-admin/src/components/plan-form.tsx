import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage, serverNow } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";
import {
  bodyOf,
  emptyRow,
  exampleOf,
  exampleText,
  MAX_INSTALMENTS,
  problemsOf,
  rowKey,
  useSavePlan,
  type InstalmentRow,
  type PlanForm,
} from "../lib/plans";
import { buttonStyles } from "./buttons";
import { ClassPicker } from "./class-picker";
import { fieldHelpers, HINT, INPUT, PROBLEM } from "./plan-form-fields";
import { InstalmentRowFields } from "./plan-instalment-row";

/** The fields in the order the form shows them, by the server's names (a row's day and share by its place). */
const fieldOrder = (rows: number) => [
  "name",
  "deposit",
  "instalments",
  ...Array.from({ length: rows }, (_, i) => [rowKey(i, "due"), rowKey(i, "share")]).flat(),
  "cutoffDays",
  "classIds",
  "minOrderCents",
  "paused",
];

const FIELD_LABEL: Record<string, string> = {
  name: "Name",
  deposit: "Deposit",
  instalments: "Instalments",
  cutoffDays: "Cut-off",
  classIds: "Classes",
  minOrderCents: "Minimum order",
  paused: "Paused",
};

const labelOf = (key: string) => {
  const row = /^instalments\.(\d+)\.(due|share)$/.exec(key);
  if (!row) return FIELD_LABEL[key] ?? key;
  return `Instalment ${Number(row[1]) + 1}'s ${row[2] === "due" ? "day" : "share"}`;
};

/** The error summary beside the submit button: how many fields, and which. */
function summaryOf(problems: Record<string, string>, rows: number): string {
  const named = fieldOrder(rows)
    .filter((key) => problems[key])
    .map(labelOf);
  if (named.length === 0) return "";
  return `${named.length === 1 ? "1 field needs" : `${named.length} fields need`} another look: ${named.join(", ")}.`;
}

/**
 * Adds a payment plan or changes one (decision 040), as the discount form does: every field
 * checked before sending, the server's field messages under each field, a summary by the submit
 * button and the focus on the first field to fix.
 */
export function PlanFormCard({
  initial,
  editingId,
  onDone,
}: {
  initial: PlanForm;
  editingId: string | null;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [today] = useState(() => academyToday(serverNow()));
  const save = useSavePlan();
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setRow = (index: number, change: Partial<InstalmentRow>) =>
    setForm((f) => ({ ...f, instalments: f.instalments.map((r, i) => (i === index ? { ...r, ...change } : r)) }));
  const rows = form.instalments;

  // Focus goes where the form asks once it has rendered (the field's problem is its description by then).
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const classesBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusOn) return;
    const target =
      focusOn.id === `${id}-classes` ? classesBox.current?.querySelector("input") : document.getElementById(focusOn.id);
    target?.focus();
  }, [focusOn, id]);

  const dueId = (index: number) => `${id}-row-${index}-${rows[index]?.when === "date" ? "date" : "days"}`;
  const inputOf = (key: string): string => {
    const row = /^instalments\.(\d+)\.(due|share)$/.exec(key);
    if (row) return row[2] === "due" ? dueId(Number(row[1])) : `${id}-row-${row[1]}-share`;
    const ids: Record<string, string> = {
      name: `${id}-name`,
      deposit: `${id}-deposit`,
      instalments: `${id}-row-0-when`,
      cutoffDays: `${id}-cutoff`,
      classIds: `${id}-classes`,
      minOrderCents: `${id}-minOrder`,
      paused: `${id}-paused`,
    };
    return ids[key] ?? `${id}-name`;
  };
  const showProblems = (seen: Record<string, string>) => {
    setProblems(seen);
    // The first field to fix, in the form's order, takes focus.
    const first = fieldOrder(rows.length).find((key) => seen[key]);
    if (first) setFocusOn({ id: inputOf(first) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problems: seen } = bodyOf(form, editingId === null ? undefined : initial);
    setFailure(null);
    if (Object.keys(seen).length > 0) {
      showProblems(seen);
      setFailure(summaryOf(seen, rows.length));
      return;
    }
    setProblems({});
    save.mutate(
      { id: editingId ?? undefined, body },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = (error as { response?: { data?: { fields?: Record<string, string> } } }).response?.data
            ?.fields;
          const seenByServer = fields ? problemsOf(fields) : null;
          if (seenByServer) showProblems(seenByServer);
          setFailure(
            seenByServer
              ? `${errorMessage(error)} ${summaryOf(seenByServer, rows.length)}`.trim()
              : errorMessage(error),
          );
        },
      },
    );
  };

  const addRow = () => {
    if (rows.length >= MAX_INSTALMENTS) return;
    set("instalments", [...rows, emptyRow()]);
    // The new row (the last, "the rest") is where the admin goes on.
    setFocusOn({ id: `${id}-row-${rows.length}-when` });
  };
  const removeRow = (index: number) => {
    if (rows.length <= 1) return;
    set(
      "instalments",
      rows.filter((_, i) => i !== index),
    );
    // The row now in its place, else the one before: the focus never drops to the page.
    setFocusOn({ id: `${id}-row-${Math.min(index, rows.length - 2)}-when` });
  };

  const { described, problemText, field } = fieldHelpers(problems);

  const example = exampleOf(form, today);
  const classesProblem = problems.classIds;

  return (
    <form
      // The form checks every field itself and says each problem beside it (not the browser's bubbles).
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mb-6 flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        {editingId ? "Change payment plan" : "Add a payment plan"}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {field(
          `${id}-name`,
          "Name families read",
          <input
            id={`${id}-name`}
            className={INPUT}
            value={form.name}
            maxLength={80}
            required
            onChange={(e) => set("name", e.target.value)}
            {...described("name", `${id}-name-problem`)}
          />,
          problemText("name", `${id}-name-problem`),
        )}
        {field(
          `${id}-depositKind`,
          "Deposit is",
          <select
            id={`${id}-depositKind`}
            className={INPUT}
            value={form.depositKind}
            onChange={(e) => set("depositKind", e.target.value as PlanForm["depositKind"])}
          >
            <option value="percent">A percent of each seat</option>
            <option value="amount">Dollars a seat</option>
          </select>,
        )}
        {field(
          `${id}-deposit`,
          form.depositKind === "percent" ? "Deposit (%)" : "Deposit ($ a seat)",
          <input
            id={`${id}-deposit`}
            className={INPUT}
            value={form.deposit}
            inputMode={form.depositKind === "percent" ? "numeric" : "decimal"}
            required
            onChange={(e) => set("deposit", e.target.value)}
            {...described("deposit", `${id}-deposit-problem`)}
          />,
          problemText("deposit", `${id}-deposit-problem`),
        )}
      </div>

      <fieldset
        className="flex min-w-0 flex-col gap-3"
        aria-describedby={problems.instalments ? `${id}-instalments-problem` : `${id}-instalments-hint`}
      >
        <legend className="text-base font-semibold text-slate-900 dark:text-white">
          Instalments after the deposit
        </legend>
        <p id={`${id}-instalments-hint`} className={HINT}>
          Each is charged to the card saved at checkout, on a day or a number of days before the class&apos;s first day.
          The last one takes the rest of each seat.
        </p>
        {problems.instalments && (
          <p id={`${id}-instalments-problem`} className={PROBLEM}>
            {problems.instalments}
          </p>
        )}
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <InstalmentRowFields
                row={row}
                index={index}
                count={rows.length}
                rowId={`${id}-row-${index}`}
                today={today}
                problems={problems}
                onChange={(change) => setRow(index, change)}
                onRemove={() => removeRow(index)}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonStyles.plain}
            onClick={addRow}
            disabled={rows.length >= MAX_INSTALMENTS}
            aria-describedby={`${id}-rows-count`}
          >
            Add an instalment
          </button>
          <span id={`${id}-rows-count`} className={HINT}>
            {rows.length} of at most {MAX_INSTALMENTS}
          </span>
        </div>
      </fieldset>

      <section
        aria-labelledby={`${id}-example-title`}
        className="rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
        data-testid="plan-example"
      >
        <h3 id={`${id}-example-title`} className="font-semibold text-slate-900 dark:text-white">
          Example, before saving
        </h3>
        <p className="mt-1 break-words text-slate-800 dark:text-slate-200">{exampleText(example)}</p>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          An illustration of the shares as typed. At checkout the site works out each family&apos;s own schedule from
          their seats&apos; prices and first days; once saved, the list below says the plan in the site&apos;s words.
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {field(
          `${id}-cutoff`,
          "Offered until this many days before the first day",
          <input
            id={`${id}-cutoff`}
            className={INPUT}
            value={form.cutoffDays}
            inputMode="numeric"
            onChange={(e) => set("cutoffDays", e.target.value)}
            {...described("cutoffDays", `${id}-cutoff-problem`)}
          />,
          problemText("cutoffDays", `${id}-cutoff-problem`),
        )}
        {field(
          `${id}-minOrder`,
          "Minimum order ($, empty: any)",
          <input
            id={`${id}-minOrder`}
            className={INPUT}
            value={form.minOrder}
            inputMode="decimal"
            onChange={(e) => set("minOrder", e.target.value)}
            {...described("minOrderCents", `${id}-minOrder-problem`)}
          />,
          problemText("minOrderCents", `${id}-minOrder-problem`),
        )}
      </div>

      <section aria-labelledby={`${id}-for`} className="flex min-w-0 flex-col gap-4">
        <div>
          <h3 id={`${id}-for`} className="text-base font-semibold text-slate-900 dark:text-white">
            What it is for
          </h3>
          <p className={HINT}>The classes chosen. No class chosen: every class.</p>
        </div>
        <div ref={classesBox} className="min-w-0">
          <ClassPicker chosen={form.classes} onChange={(next) => set("classes", next)} problem={classesProblem} />
        </div>
      </section>

      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          id={`${id}-paused`}
          type="checkbox"
          checked={form.paused}
          onChange={(e) => set("paused", e.target.checked)}
          {...described("paused", `${id}-paused-problem`)}
        />
        Paused (not offered to families)
      </label>
      {problemText("paused", `${id}-paused-problem`)}
      {failure && (
        <p role="alert" className={PROBLEM}>
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : editingId ? "Save changes" : "Add plan"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
