import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import { actionButton } from "../../components/styles";
import { describedBy, Field, inputClass, secondaryButton } from "../campers/form-ui";
import { cents } from "../pricing/money";
import { useApplyForAid } from "./aid-api";
import {
  emptyApplication,
  householdSizeProblem,
  requestedProblem,
  SERVER_FIELD,
  statementProblem,
  toApplicationInput,
  type ApplicationValues,
} from "./aid-text";
import type { AidApplication, AidCamper } from "./aid-types";

/** The order the fields show in: the API's refusals are focused in the same order. */
const ORDER: (keyof ApplicationValues)[] = ["householdSize", "requested", "statement"];

/**
 * One camper's application for financial aid: household size, the help needed in dollars and the
 * family's statement. Checked here as the API checks it; the API's 400 `fields` land under the
 * same fields, focus on the first of them; any other failure is said above the buttons. A 409
 * (closed meanwhile, already applied from another tab) is handed to the section, in the API's words.
 */
export function AidApplicationForm({
  camper,
  season,
  capCents,
  onSent,
  onRefused,
  onCancel,
}: {
  camper: AidCamper;
  season: number;
  capCents: number;
  onSent: (application: AidApplication) => void;
  /** A 409: the list is read again and this form may go with it, so the section says why. */
  onRefused: (message: string) => void;
  onCancel: () => void;
}) {
  const apply = useApplyForAid();
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = `aid-${camper._id}`;
  const titleId = `${prefix}-title`;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationValues>({ defaultValues: emptyApplication(), shouldFocusError: true });

  // The form opens where its button was: focus goes to its first field.
  useEffect(() => setFocus("householdSize"), [setFocus]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onSent(await apply.mutateAsync(toApplicationInput(camper._id, values)));
    } catch (error) {
      if (apiErrorStatus(error) === 409) return onRefused(errorMessage(error));
      const fields = fieldErrors(error);
      const placed = ORDER.filter((name) => fields[SERVER_FIELD[name]]);
      for (const name of placed) setError(name, { type: "server", message: fields[SERVER_FIELD[name]] });
      if (placed[0]) setFocus(placed[0]);
      // What no field shows (the camper, a closed season) is said with the API's message.
      const shown = Object.values(SERVER_FIELD);
      const other = Object.entries(fields)
        .filter(([path]) => !shown.includes(path))
        .map(([, message]) => message);
      setProblem([errorMessage(error), ...other].join(" "));
    }
  });

  const ids = {
    householdSize: `${prefix}-household-size`,
    requested: `${prefix}-requested`,
    statement: `${prefix}-statement`,
  };
  const hints = {
    householdSize: "Everyone who lives with you and shares your income, you included.",
    requested: `In dollars, for ${camper.name}'s seats in ${season}. The academy gives at most ${cents(capCents)} per camper.`,
    statement:
      "Your situation, in your own words: only the academy's office reads it. Up to 4,000 characters, no documents needed.",
  };

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(e) => {
        if (isSubmitting) e.preventDefault();
        else void submit(e);
      }}
      className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800"
    >
      <h4 id={titleId} className="font-display text-base font-bold break-words text-slate-900 dark:text-white">
        Apply for {camper.name}
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={ids.householdSize}
          label="People in your household"
          hint={hints.householdSize}
          error={errors.householdSize?.message}
        >
          <input
            id={ids.householdSize}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.householdSize ? true : undefined}
            aria-describedby={describedBy(ids.householdSize, errors.householdSize?.message, hints.householdSize)}
            className={inputClass}
            {...register("householdSize", { validate: (v) => householdSizeProblem(v) ?? true })}
          />
        </Field>
        <Field id={ids.requested} label="Help you need ($)" hint={hints.requested} error={errors.requested?.message}>
          <input
            id={ids.requested}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.requested ? true : undefined}
            aria-describedby={describedBy(ids.requested, errors.requested?.message, hints.requested)}
            className={inputClass}
            {...register("requested", { validate: (v) => requestedProblem(v) ?? true })}
          />
        </Field>
      </div>
      <Field id={ids.statement} label="Your statement" hint={hints.statement} error={errors.statement?.message}>
        <textarea
          id={ids.statement}
          rows={5}
          aria-required="true"
          aria-invalid={errors.statement ? true : undefined}
          aria-describedby={describedBy(ids.statement, errors.statement?.message, hints.statement)}
          className={`${inputClass} resize-y`}
          {...register("statement", { validate: (v) => statementProblem(v) ?? true })}
        />
      </Field>
      {problem && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {/* Not disabled while sending: a disabled button loses focus, which the form keeps. */}
        <button
          type="submit"
          className={`${actionButton} aria-disabled:cursor-wait aria-disabled:opacity-60`}
          aria-disabled={isSubmitting || undefined}
        >
          {isSubmitting ? "Sending…" : "Send application"}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
