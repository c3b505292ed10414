import { useEffect, useRef } from "react";
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetFocus,
} from "react-hook-form";
import {
  emptyPerson,
  LIMITS,
  MESSAGES,
  phoneProblem,
  requiredTextProblem,
  type CamperFormValues,
  type PeopleField,
} from "./camper-fields";
import { describedBy, Field, FieldError, inputClass, secondaryButton } from "./form-ui";

const RULES = {
  name: {
    validate: (v: string) =>
      requiredTextProblem(v, LIMITS.personName, MESSAGES.contact_name, MESSAGES.contact_name_long) ?? true,
  },
  relation: {
    validate: (v: string) => requiredTextProblem(v, LIMITS.relation, MESSAGES.relation, MESSAGES.relation_long) ?? true,
  },
  phone: { validate: (v: string) => phoneProblem(v) ?? true },
};

/**
 * A list of people (emergency contacts, people allowed to pick up): one fieldset, each person a
 * fieldset of its own ("Emergency contact 2": name, relation, phone) with its Remove button, and
 * an Add button. Focus follows: to the new person's name, or after a removal to the person now in
 * its place (else the one before, else Add).
 */
export function PeopleFields({
  prefix,
  name,
  legend,
  rowLegend,
  hint,
  addLabel,
  max,
  control,
  register,
  errors,
  setFocus,
}: {
  prefix: string;
  name: PeopleField;
  legend: string;
  rowLegend: string;
  hint: string;
  addLabel: string;
  max: number;
  control: Control<CamperFormValues>;
  register: UseFormRegister<CamperFormValues>;
  errors: FieldErrors<CamperFormValues>;
  setFocus: UseFormSetFocus<CamperFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const addButton = useRef<HTMLButtonElement>(null);
  // The row whose Remove was pressed: focus goes where it was once the list has re-rendered.
  const removedRow = useRef<number | null>(null);
  const id = `${prefix}-${name.replace(/_/g, "-")}`;
  const full = fields.length >= max;

  useEffect(() => {
    const row = removedRow.current;
    if (row === null) return;
    removedRow.current = null;
    if (fields.length === 0) addButton.current?.focus();
    else setFocus(`${name}.${Math.min(row, fields.length - 1)}.name`);
  }, [fields.length, name, setFocus]);

  return (
    <fieldset className="min-w-0" aria-describedby={`${id}-hint`}>
      <legend className="text-base font-bold text-slate-900 dark:text-white">{legend}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {fields.length > 0 && (
        <ol className="mt-3 flex flex-col gap-3">
          {fields.map((field, index) => {
            const rowErrors = errors[name]?.[index];
            const rowId = `${id}-${index}`;
            return (
              <li key={field.id}>
                <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
                    {rowLegend} {index + 1}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-3">
                    {(["name", "relation", "phone"] as const).map((part) => {
                      const inputId = `${rowId}-${part}`;
                      const error = rowErrors?.[part]?.message;
                      return (
                        <Field
                          key={part}
                          id={inputId}
                          label={part === "name" ? "Name" : part === "relation" ? "Relation" : "Phone"}
                          error={error}
                        >
                          <input
                            id={inputId}
                            type={part === "phone" ? "tel" : "text"}
                            autoComplete="off"
                            placeholder={part === "relation" ? "e.g. mother" : undefined}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={describedBy(inputId, error)}
                            className={inputClass}
                            {...register(`${name}.${index}.${part}`, RULES[part])}
                          />
                        </Field>
                      );
                    })}
                  </div>
                  <button
                    type="button"
                    className={`mt-3 ${secondaryButton}`}
                    aria-label={`Remove ${rowLegend.toLowerCase()} ${index + 1}`}
                    onClick={() => {
                      removedRow.current = index;
                      remove(index);
                    }}
                  >
                    Remove
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {errors[name]?.root?.message && <FieldError>{errors[name]?.root?.message}</FieldError>}
      <button
        ref={addButton}
        type="button"
        className={`mt-3 ${secondaryButton}`}
        disabled={full}
        aria-describedby={full ? `${id}-full` : undefined}
        onClick={() => append(emptyPerson(), { focusName: `${name}.${fields.length}.name` })}
      >
        <span aria-hidden="true">+</span> {addLabel}
      </button>
      {full && (
        <p id={`${id}-full`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {name === "emergency_contacts" ? MESSAGES.emergency_contacts : MESSAGES.pickup_people}.
        </p>
      )}
    </fieldset>
  );
}
