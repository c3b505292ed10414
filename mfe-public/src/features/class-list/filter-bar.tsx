import { useId, type FormEvent } from "react";
import { AGE_MAX, AGE_MIN, LEVEL_LABELS, SPORTS } from "shared-auth";
import { actionColors, compactInputClass } from "../../components/form-styles";
import { usePaintedCopy } from "../../lib/painted-copy";
import { FILTER_KEYS, SORTS, type ClassListState } from "./class-filters";

const label = "block text-sm font-semibold text-slate-800 dark:text-slate-200";

interface Option {
  value: string;
  label: string;
}
const sportOptions: Option[] = [
  { value: "", label: "Any sport" },
  ...Object.entries(SPORTS).map(([value, text]) => ({ value, label: text })),
];
// "All levels" classes match every level: picking it would narrow nothing.
const levelOptions: Option[] = [
  { value: "", label: "Any level" },
  ...Object.entries(LEVEL_LABELS)
    .filter(([value]) => value !== "all")
    .map(([value, text]) => ({ value, label: text })),
];

/** A labelled pick that applies at once. */
function Pick({
  id,
  name,
  label: text,
  value,
  options,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: readonly Option[];
  onPick: (event: { currentTarget: { form: HTMLFormElement | null } }) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} onChange={onPick} className={compactInputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One end of the price range, in dollars; its label is for screen readers (the legend says "Price"). */
function PriceInput({
  id,
  name,
  label: text,
  placeholder,
  value,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: string | undefined;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {text}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={placeholder}
        defaultValue={value ?? ""}
        className={compactInputClass}
      />
    </>
  );
}

/**
 * The way a parent narrows the list: text, sport, age, level, week, price range and sort. Picks
 * (selects, the week) apply at once; typed values (text, age, prices) apply with Enter or "Apply".
 * The form is rebuilt from the URL whenever it changes (its `key`), so Back shows what is listed.
 */
export function FilterBar({
  state,
  onApply,
  onClear,
  open,
  onToggle,
}: {
  state: ClassListState;
  onApply: (values: Record<string, string>) => void;
  onClear: () => void;
  /**
   * On a phone the form would fill the first screen: below md it folds behind "Filters (n)" so the
   * first classes show; from md up it is always open and the button is not there. Kept by the page:
   * this form is rebuilt at each applied filter, and a pick must not fold it.
   */
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const { query } = state;
  const active = FILTER_KEYS.filter((key) => query[key] !== undefined).length;
  const apply = (form: HTMLFormElement) =>
    onApply(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const applyNow = (event: { currentTarget: { form: HTMLFormElement | null } }) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  const form = (
    <form
      role="search"
      aria-label="Filter classes"
      onSubmit={submit}
      data-testid="class-filters"
      id={`${id}-form`}
      className={`${open ? "grid" : "hidden md:grid"} grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-4 xl:grid-cols-6 dark:border-slate-800 dark:bg-slate-900`}
    >
      <div className="col-span-2 md:col-span-4 xl:col-span-2">
        <label htmlFor={`${id}-search`} className={label}>
          Search
        </label>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          defaultValue={query.search ?? ""}
          placeholder="Class, coach or topic"
          maxLength={100}
          className={compactInputClass}
        />
      </div>
      <Pick
        id={`${id}-sport`}
        name="sport"
        label="Sport"
        value={query.sport}
        onPick={applyNow}
        options={sportOptions}
      />
      <div>
        <label htmlFor={`${id}-age`} className={label}>
          Child&apos;s age
        </label>
        <input
          id={`${id}-age`}
          name="age"
          type="number"
          inputMode="numeric"
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          defaultValue={query.age ?? ""}
          placeholder={`${AGE_MIN}-${AGE_MAX}`}
          className={compactInputClass}
        />
      </div>
      <Pick
        id={`${id}-level`}
        name="level"
        label="Level"
        value={query.level}
        onPick={applyNow}
        options={levelOptions}
      />
      <div>
        <label htmlFor={`${id}-week`} className={label}>
          Week of
        </label>
        <input
          id={`${id}-week`}
          name="week"
          type="date"
          defaultValue={query.week ?? ""}
          onChange={applyNow}
          className={compactInputClass}
        />
      </div>
      <fieldset className="col-span-2 grid grid-cols-2 gap-2">
        <legend className={label}>Price (USD)</legend>
        <PriceInput id={`${id}-min`} name="min_price" label="Lowest price" placeholder="Min" value={query.min_price} />
        <PriceInput id={`${id}-max`} name="max_price" label="Highest price" placeholder="Max" value={query.max_price} />
      </fieldset>
      <Pick id={`${id}-sort`} name="sort" label="Sort by" value={state.sortValue} onPick={applyNow} options={SORTS} />
      <div className="col-span-2 flex flex-wrap items-center justify-end gap-3 self-end md:col-span-4 xl:col-span-3">
        {state.filtered && (
          <button
            type="button"
            onClick={onClear}
            className="rounded-full px-5 py-2.5 font-semibold text-orange-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:text-orange-400"
          >
            Clear filters
          </button>
        )}
        <button
          type="submit"
          className={`rounded-full px-6 py-2.5 font-semibold shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 ${actionColors}`}
        >
          Apply filters
        </button>
      </div>
    </form>
  );
  const toggle = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={`${id}-form`}
      onClick={onToggle}
      className="mb-3 inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 md:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      {active > 0 ? `Filters (${active})` : "Filters"}
      <span aria-hidden="true">{open ? "▴" : "▾"}</span>
    </button>
  );
  // The copy painted before this page's code: nothing to type into yet (no box of its own).
  return usePaintedCopy() ? (
    <fieldset disabled className="contents">
      {toggle}
      {form}
    </fieldset>
  ) : (
    <>
      {toggle}
      {form}
    </>
  );
}
