import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { AGE_MAX, AGE_MIN, LEVEL_LABELS, WEEKDAYS, WEEKDAY_LABELS } from "shared-auth";
import { notInThePast, SESSION_RULES, type ClassFormState, type SessionFieldName } from "../lib/class-fields";
import { describedBy, Field, inputClass } from "./ui";

const WEEKDAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const legendClass = "text-sm font-semibold text-slate-800 dark:text-slate-200";
const errorClass = "mt-1.5 text-sm font-medium text-red-600 dark:text-red-400";

/**
 * When the class runs and for whom: first and last day, weekdays, daily hours, ages,
 * level and place. Native date and time inputs: keyboard-friendly, and phones open their pickers.
 */
export function SessionFields({
  prefix,
  register,
  errors,
  today,
  kept = {},
}: {
  prefix: string;
  register: UseFormRegister<ClassFormState>;
  errors: FieldErrors<ClassFormState>;
  /** Today on the academy's calendar: the earliest first or last day a class can be given. */
  today: string;
  /** The dates the class already has (an edit): kept as they are, even once they are past. */
  kept?: { start_date?: string | undefined; end_date?: string | undefined };
}) {
  const firstDay = notInThePast("first", today, kept.start_date);
  const lastDay = notInThePast("last", today, kept.end_date);
  // Each date's own rule, then the past: one message at a time, the first that applies.
  const dateRules = (name: "start_date" | "end_date", past: ReturnType<typeof notInThePast>) => ({
    validate: (v: string, all: ClassFormState) => {
      const own = (SESSION_RULES[name].validate as (v: string, all: ClassFormState) => true | string)(v, all);
      return own === true ? past.validate(v) : own;
    },
  });
  const input = (name: Exclude<SessionFieldName, "weekdays">) => {
    const id = `${prefix}-${name.replace(/_/g, "-")}`;
    const error = errors[name]?.message;
    return {
      id,
      error,
      props: {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, error),
        className: inputClass,
        ...register(
          name,
          (name === "start_date"
            ? dateRules(name, firstDay)
            : name === "end_date"
              ? dateRules(name, lastDay)
              : SESSION_RULES[name]) as never,
        ),
      },
    };
  };
  const startDate = input("start_date");
  const endDate = input("end_date");
  const startTime = input("start_time");
  const endTime = input("end_time");
  const ageMin = input("age_min");
  const ageMax = input("age_max");
  const level = input("level");
  const location = input("location");
  const opens = input("registration_opens_at");
  const early = input("early_price");
  const earlyUntil = input("early_price_until");
  const weekdaysId = `${prefix}-weekdays`;
  const weekdaysError = errors.weekdays?.message;

  return (
    <fieldset className="flex flex-col gap-5 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700">
      <legend className="px-1 font-display text-lg font-bold text-slate-900 dark:text-white">Camp session</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={startDate.id} label="First day" error={startDate.error}>
          <input type="date" min={firstDay.min} max="2100-12-31" {...startDate.props} />
        </Field>
        <Field id={endDate.id} label="Last day" error={endDate.error}>
          <input type="date" min={lastDay.min} max="2100-12-31" {...endDate.props} />
        </Field>
      </div>
      <fieldset
        id={weekdaysId}
        aria-describedby={weekdaysError ? `${weekdaysId}-error` : undefined}
        tabIndex={-1}
        className="rounded-lg focus-visible:outline-2 focus-visible:outline-orange-500"
      >
        <legend className={legendClass}>Weekdays</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 has-checked:border-orange-600 has-checked:bg-orange-50 has-focus-visible:outline-2 has-focus-visible:outline-orange-500 dark:border-slate-600 dark:text-slate-100 dark:has-checked:bg-orange-950/40"
            >
              <input
                type="checkbox"
                value={day}
                aria-invalid={weekdaysError ? true : undefined}
                className="h-4 w-4 accent-orange-700"
                {...register("weekdays", SESSION_RULES.weekdays)}
              />
              <abbr title={WEEKDAY_NAMES[day]} className="no-underline">
                {WEEKDAY_LABELS[day]}
              </abbr>
              <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
            </label>
          ))}
        </div>
        {weekdaysError && (
          <p id={`${weekdaysId}-error`} className={errorClass}>
            {weekdaysError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={startTime.id} label="Daily start time" error={startTime.error}>
          <input type="time" step={300} {...startTime.props} />
        </Field>
        <Field id={endTime.id} label="Daily end time" error={endTime.error}>
          <input type="time" step={300} {...endTime.props} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id={ageMin.id} label="Youngest age" error={ageMin.error}>
          <input type="number" inputMode="numeric" min={AGE_MIN} max={AGE_MAX} step={1} {...ageMin.props} />
        </Field>
        <Field id={ageMax.id} label="Oldest age" error={ageMax.error}>
          <input type="number" inputMode="numeric" min={AGE_MIN} max={AGE_MAX} step={1} {...ageMax.props} />
        </Field>
        <Field id={level.id} label="Level" error={level.error}>
          <select {...level.props}>
            <option value="">Choose a level</option>
            {Object.entries(LEVEL_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={location.id} label="Place (optional)" error={location.error} hint="Field, court, pool…">
        <input
          type="text"
          {...location.props}
          aria-describedby={describedBy(location.id, location.error, true)}
          placeholder="Field 2"
        />
      </Field>
      <Field
        id={opens.id}
        label="Registration opens (optional)"
        error={opens.error}
        hint="The academy's time (Portland). Until then families see a countdown and cannot book; empty opens booking as soon as the class is approved."
      >
        <input
          type="datetime-local"
          min="2020-01-01T00:00"
          max="2100-12-31T23:59"
          {...opens.props}
          aria-describedby={describedBy(opens.id, opens.error, true)}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={early.id}
          label="Early-bird price, USD (optional)"
          error={early.error}
          hint="A lower price families pay until its last day (Portland calendar)."
        >
          <input
            type="text"
            inputMode="decimal"
            {...early.props}
            aria-describedby={describedBy(early.id, early.error, true)}
          />
        </Field>
        <Field id={earlyUntil.id} label="Early-bird price ends on" error={earlyUntil.error}>
          <input type="date" min="2020-01-01" max="2100-12-31" {...earlyUntil.props} />
        </Field>
      </div>
    </fieldset>
  );
}
