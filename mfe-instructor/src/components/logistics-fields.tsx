import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useAcademyFacts } from "shared-auth";
import { SESSION_RULES, type ClassFormState } from "../lib/class-fields";
import { describedBy, Field, inputClass } from "./ui";

type LogisticsName = "venue_address" | "drop_off" | "pick_up" | "what_to_bring";

/**
 * What a parent needs on the day: when to drop off and pick up, the venue's address, what to
 * bring. All optional: empty times are the class's own hours, an empty address is the academy's.
 */
export function LogisticsFields({
  prefix,
  register,
  errors,
}: {
  prefix: string;
  register: UseFormRegister<ClassFormState>;
  errors: FieldErrors<ClassFormState>;
}) {
  const academy = useAcademyFacts();
  const input = (name: LogisticsName, hint: boolean) => {
    const id = `${prefix}-${name.replace(/_/g, "-")}`;
    const error = errors[name]?.message;
    return {
      id,
      error,
      props: {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, error, hint),
        className: inputClass,
        ...register(name, SESSION_RULES[name] as never),
      },
    };
  };
  const dropOff = input("drop_off", true);
  const pickUp = input("pick_up", true);
  const venue = input("venue_address", true);
  const bring = input("what_to_bring", true);

  return (
    <fieldset className="flex flex-col gap-5 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700">
      <legend className="px-1 font-display text-lg font-bold text-slate-900 dark:text-white">
        Drop-off, pick-up and venue
      </legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={dropOff.id}
          label="Drop-off from (optional)"
          error={dropOff.error}
          hint="At or before the daily start time; empty: the start time."
        >
          <input type="time" step={300} {...dropOff.props} />
        </Field>
        <Field
          id={pickUp.id}
          label="Pick-up by (optional)"
          error={pickUp.error}
          hint="At or after the daily end time; empty: the end time."
        >
          <input type="time" step={300} {...pickUp.props} />
        </Field>
      </div>
      <Field
        id={venue.id}
        label="Venue address (optional)"
        error={venue.error}
        hint={`The full postal address, on one line or more. Empty: the academy, ${academy.addressLines.join(", ")}.`}
      >
        <textarea rows={4} autoComplete="off" {...venue.props} />
      </Field>
      <Field
        id={bring.id}
        label="What to bring (optional)"
        error={bring.error}
        hint="One item a line, such as a water bottle or shin guards."
      >
        <textarea rows={4} {...bring.props} />
      </Field>
    </fieldset>
  );
}
