import { useId, useState, type FormEvent } from "react";
import { errorMessage, SPORTS } from "shared-auth";
import { bodyOf, type Discount, type DiscountForm, useSaveDiscount } from "../lib/discounts";
import { buttonStyles, inputStyles } from "./buttons";
import { ClassPicker } from "./class-picker";

/** The fields in the order the form shows them, by the server's names for them. */
const FIELD_ORDER = [
  "name",
  "code",
  "percentOff",
  "amountOffCents",
  "minSeats",
  "validFrom",
  "validUntil",
  "maxUses",
  "maxUsesPerFamily",
  "minOrderCents",
  "classIds",
  "sports",
] as const;
/** The form's input of a server field where their names differ. */
const FIELD_OF: Partial<Record<string, string>> = {
  percentOff: "value",
  amountOffCents: "value",
  minOrderCents: "minOrder",
};
const FIELD_LABEL: Record<(typeof FIELD_ORDER)[number], string> = {
  name: "Name",
  code: "Code",
  percentOff: "Percent off",
  amountOffCents: "Amount off",
  minSeats: "Seats",
  validFrom: "First day",
  validUntil: "Last day",
  maxUses: "Uses in all",
  maxUsesPerFamily: "Uses per family",
  minOrderCents: "Minimum order",
  classIds: "Classes",
  sports: "Sports",
};

/** The error summary beside the submit button: how many fields, and which. */
function summaryOf(problems: Record<string, string>): string {
  const named = FIELD_ORDER.filter((key) => problems[key]).map((key) => FIELD_LABEL[key]);
  if (named.length === 0) return "";
  return `${named.length === 1 ? "1 field needs" : `${named.length} fields need`} another look: ${named.join(", ")}.`;
}

const KIND_LABEL: Record<Discount["kind"], string> = {
  code: "Promo code",
  sibling: "Sibling discount",
  multi_class: "Multi-class discount",
};

/** Adds a discount or changes one. The server's field messages show under each field. */
export function DiscountFormCard({
  initial,
  editingId,
  onDone,
}: {
  initial: DiscountForm;
  editingId: string | null;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveDiscount();
  const set = <K extends keyof DiscountForm>(key: K, value: DiscountForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const isCode = form.kind === "code";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problems: seen } = bodyOf(form, editingId !== null);
    setProblems(seen);
    setFailure(null);
    if (Object.keys(seen).length > 0) {
      setFailure(summaryOf(seen));
      // The first field to fix, in the form's order, takes focus.
      const first = FIELD_ORDER.find((key) => seen[key]);
      if (first) document.getElementById(`${id}-${FIELD_OF[first] ?? first}`)?.focus();
      return;
    }
    save.mutate(
      { id: editingId ?? undefined, body },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = (error as { response?: { data?: { fields?: Record<string, string> } } }).response?.data
            ?.fields;
          if (fields) setProblems(fields);
          setFailure(fields ? `${errorMessage(error)} ${summaryOf(fields)}` : errorMessage(error));
        },
      },
    );
  };

  const field = (name: string, label: string, input: React.ReactNode, problemKey = name) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {input}
      {problems[problemKey] && (
        <span id={`${id}-${name}-problem`} className="text-sm text-red-700 dark:text-red-300">
          {problems[problemKey]}
        </span>
      )}
    </div>
  );
  // The field's problem (under the server's name for it: "percentOff" for the value) is its
  // description, so a screen reader says it with the field, not only as text somewhere after it.
  const text = (
    name: keyof DiscountForm,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
    problemKey: string = name,
  ) => (
    <input
      id={`${id}-${name}`}
      className={inputStyles}
      value={form[name] as string}
      onChange={(e) => set(name, e.target.value as never)}
      aria-invalid={problems[problemKey] ? true : undefined}
      aria-describedby={problems[problemKey] ? `${id}-${name}-problem` : undefined}
      {...props}
    />
  );
  const valueKey = isCode && form.type === "amount" ? "amountOffCents" : "percentOff";

  return (
    <form
      // The form checks every field itself and says each problem beside it (not the browser's bubbles).
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        {editingId ? `Change ${KIND_LABEL[form.kind].toLowerCase()}` : "Add a discount"}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {field(
          "kind",
          "Kind",
          <select
            id={`${id}-kind`}
            className={inputStyles}
            value={form.kind}
            disabled={editingId !== null}
            onChange={(e) => {
              const kind = e.target.value as Discount["kind"];
              setForm((f) => ({
                ...f,
                kind,
                type: "percent",
                minSeats: kind === "multi_class" ? f.minSeats || "3" : "",
              }));
            }}
          >
            {Object.entries(KIND_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>,
        )}
        {field("name", "Name families read", text("name", { maxLength: 80, required: true }))}
        {isCode && field("code", "Code", text("code", { maxLength: 32, autoCapitalize: "characters", required: true }))}
        {isCode &&
          field(
            "type",
            "Takes off",
            <select
              id={`${id}-type`}
              className={inputStyles}
              value={form.type}
              onChange={(e) => set("type", e.target.value as DiscountForm["type"])}
            >
              <option value="percent">A percent</option>
              <option value="amount">An amount in dollars</option>
            </select>,
          )}
        {field(
          "value",
          isCode && form.type === "amount" ? "Amount off ($)" : "Percent off",
          text("value", { inputMode: "decimal", required: true }, valueKey),
          valueKey,
        )}
        {form.kind === "multi_class" &&
          field("minSeats", "From this many seats in one order", text("minSeats", { inputMode: "numeric" }))}
        {isCode && field("validFrom", "First day", text("validFrom", { type: "date" }))}
        {isCode && field("validUntil", "Last day", text("validUntil", { type: "date" }))}
        {isCode && field("maxUses", "Uses in all (empty: no limit)", text("maxUses", { inputMode: "numeric" }))}
        {isCode &&
          field(
            "maxUsesPerFamily",
            "Uses per family (empty: no limit)",
            text("maxUsesPerFamily", { inputMode: "numeric" }),
          )}
        {isCode &&
          field(
            "minOrder",
            "Minimum order ($)",
            text("minOrder", { inputMode: "decimal" }, "minOrderCents"),
            "minOrderCents",
          )}
      </div>
      {isCode && (
        <section aria-labelledby={`${id}-for`} className="flex flex-col gap-4">
          <div>
            <h3 id={`${id}-for`} className="text-base font-semibold text-slate-900 dark:text-white">
              What it is for
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The classes chosen and every class of the sports ticked. Nothing chosen or ticked: every class.
            </p>
          </div>
          <ClassPicker
            chosen={form.classes}
            onChange={(next) => set("classes", next)}
            problem={problems.classIds ?? Object.entries(problems).find(([key]) => key.startsWith("classIds."))?.[1]}
          />
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={problems.sports ? `${id}-sports-problem` : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Sports it is for</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {(Object.keys(SPORTS) as (keyof typeof SPORTS)[]).map((sport) => (
                <label key={sport} className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
                  <input
                    type="checkbox"
                    checked={form.sports.includes(sport)}
                    onChange={(e) =>
                      set("sports", e.target.checked ? [...form.sports, sport] : form.sports.filter((s) => s !== sport))
                    }
                  />
                  {SPORTS[sport]}
                </label>
              ))}
            </div>
            {problems.sports && (
              <p id={`${id}-sports-problem`} className="text-sm text-red-700 dark:text-red-300">
                {problems.sports}
              </p>
            )}
          </fieldset>
        </section>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input type="checkbox" checked={form.paused} onChange={(e) => set("paused", e.target.checked)} />
        Paused (not offered to families)
      </label>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : editingId ? "Save changes" : "Add discount"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
