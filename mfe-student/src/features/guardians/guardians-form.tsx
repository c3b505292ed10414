import { useEffect, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { errorMessage, type Guardians } from "shared-auth";
import { useSaveGuardians } from "shared-auth/queries";
import { actionButton, card } from "../../components/styles";
import { describedBy, Field, inputClass, secondaryButton } from "../campers/form-ui";
import {
  ADDRESS_KEYS,
  fieldProblem,
  LIMITS,
  toInput,
  type GuardiansFormValues,
  type GuardianValues,
} from "./guardian-fields";
import { fieldErrors } from "shared-auth/field-errors";

type Who = "first" | "second";

/**
 * The family's parents or guardians: the account holder's own details, and a second parent's if
 * the family keeps one. Checked here as the API checks them; the API's 400 `fields` ("first.phone")
 * land under the same fields, focus on the first of them.
 */
export function GuardiansForm({
  initial,
  accountEmail,
  focusFirst,
  onSaved,
  onCancel,
}: {
  initial: GuardiansFormValues;
  accountEmail: string;
  onSaved: (saved: Guardians) => void;
  onCancel: (() => void) | null;
  /** Opened by its Edit button: focus goes to its first field (not when the page opens with it). */
  focusFirst: boolean;
}) {
  const save = useSaveGuardians();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<GuardiansFormValues>({ defaultValues: initial, shouldFocusError: true });
  const hasSecond = watch("hasSecond");

  useEffect(() => {
    if (focusFirst) setFocus("first.name");
  }, [focusFirst, setFocus]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onSaved(await save.mutateAsync(toInput(values)));
    } catch (error) {
      const fields = fieldErrors(error);
      const placed = Object.entries(fields ?? {}).filter(([path]) => /^(first|second)\.\w+$/.test(path));
      for (const [path, message] of placed) {
        setError(path as FieldPath<GuardiansFormValues>, { type: "server", message });
      }
      if (placed[0]) setFocus(placed[0][0] as FieldPath<GuardiansFormValues>);
      setProblem(errorMessage(error));
    }
  });

  const input = (
    who: Who,
    key: keyof GuardianValues,
    label: string,
    options: { autoComplete: string; type?: string; hint?: string; optional?: boolean; className?: string },
  ) => {
    const id = `guardian-${who}-${key.replace(/_/g, "-")}`;
    const error = errors[who]?.[key]?.message;
    return (
      <Field
        id={id}
        label={options.optional ? `${label} (optional)` : label}
        hint={options.hint}
        error={error}
        className={options.className}
      >
        <input
          id={id}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete === "off" ? "off" : `section-${who} ${options.autoComplete}`}
          aria-required={options.optional ? undefined : "true"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, options.hint)}
          maxLength={key === "phone" ? 20 : LIMITS[key as keyof typeof LIMITS]}
          className={inputClass}
          {...register(`${who}.${key}`, {
            validate: (v) => (who === "second" && !getValues("hasSecond") ? true : (fieldProblem(key, v) ?? true)),
          })}
        />
      </Field>
    );
  };

  const person = (who: Who) => (
    <div className="grid gap-4 sm:grid-cols-2">
      {input(who, "name", "Full name", { autoComplete: "name" })}
      {input(who, "relation", "Relation to the children", {
        autoComplete: "off",
        hint: "For example: mother, father, grandmother, guardian.",
      })}
      {input(who, "phone", "Mobile phone", {
        autoComplete: "tel",
        type: "tel",
        hint: "The number the coaches call on camp days.",
      })}
      {who === "second" ? (
        input(who, "email", "E-mail", { autoComplete: "email", type: "email" })
      ) : (
        <div className="min-w-0">
          <p className="block text-sm font-semibold text-slate-800 dark:text-slate-200">E-mail</p>
          <p className="mt-1.5 py-2.5 break-words text-slate-700 dark:text-slate-300">{accountEmail}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Your account&apos;s, changed in Settings.</p>
        </div>
      )}
      {input(who, "address_line1", "Street address", { autoComplete: "address-line1", className: "sm:col-span-2" })}
      {input(who, "address_line2", "Flat, suite or building", {
        autoComplete: "address-line2",
        optional: true,
        className: "sm:col-span-2",
      })}
      {input(who, "city", "Town or city", { autoComplete: "address-level2" })}
      {input(who, "region", "State or county", { autoComplete: "address-level1", optional: true })}
      {input(who, "postal_code", "Postal code", { autoComplete: "postal-code" })}
    </div>
  );

  const legend = "font-display text-lg font-bold text-slate-900 dark:text-white";
  return (
    <form
      noValidate
      aria-labelledby="guardians-form-title"
      onSubmit={(e) => {
        if (isSubmitting) e.preventDefault();
        else void submit(e);
      }}
      className={`flex flex-col gap-5 p-4 sm:p-6 ${card}`}
    >
      <h2 id="guardians-form-title" className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Parents and guardians
      </h2>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className={legend}>You</legend>
        {person("first")}
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id="guardian-has-second"
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          {...register("hasSecond")}
        />
        <label htmlFor="guardian-has-second" className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          Add a second parent or guardian
        </label>
      </div>
      {hasSecond && (
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className={legend}>Second parent or guardian</legend>
          <div>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                for (const key of ADDRESS_KEYS) setValue(`second.${key}`, getValues(`first.${key}`));
              }}
            >
              Same address as mine
            </button>
          </div>
          {person("second")}
        </fieldset>
      )}
      {problem && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {/* Not disabled while saving: a disabled button loses focus, which the form keeps. */}
        <button
          type="submit"
          className={`${actionButton} aria-disabled:cursor-wait aria-disabled:opacity-60`}
          aria-disabled={isSubmitting || undefined}
        >
          {isSubmitting ? "Saving…" : "Save details"}
        </button>
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
