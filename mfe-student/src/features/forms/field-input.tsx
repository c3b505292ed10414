import { describedBy, Field, FieldError, inputClass } from "../campers/form-ui";
import { FileField, type FileValue } from "./file-field";
import type { FormField } from "./forms-api";

export type Value = string | number | boolean | string[] | { name: string; agreed: boolean } | FileValue | undefined;

const labelOf = (field: FormField) => `${field.label}${field.required ? " (required)" : ""}`;
const hintOf = (field: FormField) =>
  [field.help, field.medical ? "Kept sealed: only the academy's staff for your camper's classes read it." : ""]
    .filter(Boolean)
    .join(" ") || undefined;

/**
 * One question of a form, by its kind, as a labelled control with its hint and error. The value
 * is kept as the API takes it: text, a boolean, a choice, choices, a date, a number, or a
 * signature's typed name and consent box.
 */
export function FieldInput({
  field,
  id,
  value,
  error,
  onChange,
  subject,
}: {
  field: FormField;
  id: string;
  value: Value;
  error: string | undefined;
  onChange: (value: Value) => void;
  /** The form and camper a file question's upload is for. */
  subject: { formId: string; camperId: string | null };
}) {
  const hint = hintOf(field);
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error, hint),
    "aria-required": field.required || undefined,
  } as const;
  switch (field.kind) {
    case "short-text":
    case "date":
    case "number":
      return (
        <Field id={id} label={labelOf(field)} hint={hint} error={error}>
          <input
            {...common}
            type={field.kind === "short-text" ? "text" : field.kind}
            inputMode={field.kind === "number" ? "decimal" : undefined}
            min={field.min ?? undefined}
            max={field.max ?? undefined}
            step={field.kind === "number" ? "any" : undefined}
            maxLength={field.kind === "short-text" ? 200 : undefined}
            className={inputClass}
            value={value === undefined ? "" : String(value)}
            onChange={(e) =>
              onChange(
                field.kind === "number" ? (e.target.value === "" ? undefined : Number(e.target.value)) : e.target.value,
              )
            }
          />
        </Field>
      );
    case "long-text":
      return (
        <Field id={id} label={labelOf(field)} hint={hint} error={error}>
          <textarea
            {...common}
            rows={4}
            maxLength={4000}
            className={inputClass}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => onChange(e.target.value)}
          />
        </Field>
      );
    case "yes-no":
    case "one-choice":
    case "many-choices": {
      const options = field.kind === "yes-no" ? ["Yes", "No"] : field.choices;
      const many = field.kind === "many-choices";
      const checked = (option: string) =>
        field.kind === "yes-no"
          ? value === (option === "Yes")
          : many
            ? Array.isArray(value) && value.includes(option)
            : value === option;
      const pick = (option: string, on: boolean) => {
        if (field.kind === "yes-no") onChange(option === "Yes");
        else if (!many) onChange(option);
        else {
          const now = Array.isArray(value) ? value : [];
          onChange(on ? [...now, option] : now.filter((o) => o !== option));
        }
      };
      return (
        <fieldset aria-describedby={describedBy(id, error, hint)} aria-invalid={error ? true : undefined}>
          <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">{labelOf(field)}</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
            {options.map((option, i) => (
              <label
                key={option}
                className="inline-flex min-h-11 items-center gap-2 text-slate-800 dark:text-slate-200"
              >
                <input
                  type={many ? "checkbox" : "radio"}
                  name={id}
                  id={`${id}-${i}`}
                  className="h-5 w-5 accent-orange-700"
                  checked={checked(option)}
                  onChange={(e) => pick(option, e.target.checked)}
                />
                {option}
              </label>
            ))}
          </div>
          {hint && (
            <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {hint}
            </p>
          )}
          {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        </fieldset>
      );
    }
    case "file":
      return (
        <FileField
          field={field}
          id={id}
          label={labelOf(field)}
          hint={hint}
          value={value as FileValue | undefined}
          error={error}
          onChange={onChange}
          {...subject}
        />
      );
    case "signature": {
      const signed = (value ?? { name: "", agreed: false }) as { name: string; agreed: boolean };
      return (
        <fieldset
          className="rounded-xl border border-slate-300 p-4 dark:border-slate-700"
          aria-describedby={describedBy(id, error)}
        >
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{field.label}</legend>
          <Field id={`${id}-name`} label="Type your full name to sign">
            <input
              id={`${id}-name`}
              type="text"
              autoComplete="name"
              maxLength={120}
              aria-invalid={error ? true : undefined}
              className={`${inputClass} font-serif text-lg italic`}
              value={signed.name}
              onChange={(e) => onChange({ ...signed, name: e.target.value })}
            />
          </Field>
          <label className="mt-3 flex min-h-11 items-start gap-2 text-slate-800 dark:text-slate-200">
            <input
              id={`${id}-agreed`}
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
              checked={signed.agreed}
              onChange={(e) => onChange({ ...signed, agreed: e.target.checked })}
            />
            I have read the text above, I agree to it, and I sign it with the name I typed.
          </label>
          {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        </fieldset>
      );
    }
  }
}
