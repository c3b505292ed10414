import { useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { errorMessage, SPORTS, useAcademy } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";
import { CLASS_FIELDS, EMPTY_CLASS, FIELD_ORDER, SESSION_RULES, type ClassFormValues } from "../lib/class-fields";
import { ImagePicker } from "./image-picker";
import { LogisticsFields } from "./logistics-fields";
import { SessionFields } from "./session-fields";
import { actionClass, describedBy, Field, inputClass } from "./ui";
import { fieldErrors } from "shared-auth/field-errors";

type Values = ClassFormValues & { image: string };
export type ClassBody = ClassFormValues & { image: string };

/**
 * Adding and updating a class: one validated form. The server's 400 `fields` land under the same
 * fields; focus goes to the first invalid one.
 */
export function ClassForm({
  mode,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  notice,
}: {
  mode: "add" | "edit";
  initial?: Partial<Values>;
  submitLabel: string;
  /** Resolves with a success message, or throws the API's error. */
  onSubmit: (values: Values) => Promise<string>;
  onCancel?: () => void;
  notice?: string;
}) {
  const user = useAcademy((s) => s.user);
  const [uploading, setUploading] = useState(false);
  // A new picker after the form resets: its preview and upload state start over.
  const [pickerKey, setPickerKey] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [today] = useState(() => academyToday());
  const prefix = mode === "add" ? "add-class" : "edit-class";
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setValue,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { ...EMPTY_CLASS, image: "", ...initial },
    shouldFocusError: true,
  });
  register("image", { validate: (v) => v.length > 0 || "Class image is required" });
  const image = useWatch({ control, name: "image" });

  const submit = handleSubmit(
    async (values) => {
      setResult(null);
      try {
        const message = await onSubmit(values);
        setResult({ ok: true, message });
        if (mode === "add") {
          reset({ ...EMPTY_CLASS, image: "" });
          setPickerKey((k) => k + 1);
        }
      } catch (e) {
        const fields = fieldErrors(e);
        for (const [name, message] of Object.entries(fields ?? {})) {
          if (name in values) setError(name as FieldPath<Values>, { type: "server", message });
        }
        // Focus goes to the first refused field in the order the form shows them.
        const first = (["image", ...FIELD_ORDER] as const).find((name) => fields && name in fields);
        focusField(first);
        setResult({ ok: false, message: errorMessage(e) });
      }
    },
    (errs) => {
      // The image is not a registered input: react-hook-form cannot focus it by itself.
      const firstField = FIELD_ORDER.find((name) => errs[name]);
      if (!firstField && errs.image) document.getElementById(`${prefix}-image`)?.focus();
    },
  );

  function focusField(name: "image" | (typeof FIELD_ORDER)[number] | undefined) {
    if (name === "image") document.getElementById(`${prefix}-image`)?.focus();
    else if (name === "weekdays")
      document.querySelector<HTMLInputElement>(`#${prefix}-weekdays input[type=checkbox]`)?.focus();
    else if (name) setFocus(name);
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={mode === "add" ? "Add a class" : "Update the class"}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      {notice && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {notice}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
        {CLASS_FIELDS.filter((f) => f.name === "class_name").map((f) => renderField(f))}
        <Field id={`${prefix}-sport`} label="Sport" error={errors.sport?.message}>
          <select
            id={`${prefix}-sport`}
            aria-invalid={errors.sport ? true : undefined}
            aria-describedby={describedBy(`${prefix}-sport`, errors.sport?.message)}
            className={inputClass}
            {...register("sport", SESSION_RULES.sport)}
          >
            <option value="">Choose a sport</option>
            {Object.entries(SPORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ImagePicker
        key={pickerKey}
        id={`${prefix}-image`}
        value={image}
        error={errors.image?.message}
        onBusy={setUploading}
        onChange={(url, problem) => {
          setValue("image", url);
          if (problem) setError("image", { type: "upload", message: problem });
          else clearErrors("image");
        }}
      />
      {mode === "add" && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${prefix}-instructor`} label="Instructor name">
            <input id={`${prefix}-instructor`} readOnly value={user?.displayName ?? ""} className={inputClass} />
          </Field>
          <Field id={`${prefix}-email`} label="Instructor email">
            <input id={`${prefix}-email`} readOnly value={user?.email ?? ""} className={inputClass} />
          </Field>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        {CLASS_FIELDS.filter((f) => f.kind === "money" || f.kind === "count")
          .filter((f) => mode === "add" || !f.addOnly)
          .map((f) => renderField(f))}
      </div>
      <SessionFields
        prefix={prefix}
        register={register}
        errors={errors}
        today={today}
        kept={mode === "edit" ? { start_date: initial?.start_date, end_date: initial?.end_date } : {}}
      />
      <LogisticsFields prefix={prefix} register={register} errors={errors} />
      {CLASS_FIELDS.filter((f) => f.kind === "multiline").map((f) => renderField(f))}
      <div role="status" aria-live="polite">
        {result && (
          <p
            className={`rounded-xl px-4 py-3 text-sm font-medium ${
              result.ok
                ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200"
                : "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200"
            }`}
          >
            {result.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={uploading || isSubmitting} className={actionClass}>
          {isSubmitting ? "Saving…" : uploading ? "Uploading image…" : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full px-5 py-2.5 font-semibold text-slate-700 underline dark:text-slate-200"
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );

  function renderField(f: (typeof CLASS_FIELDS)[number]) {
    const id = `${prefix}-${f.name.replace(/_/g, "-")}`;
    const error = errors[f.name]?.message;
    const common = {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(id, error, f.hint),
      className: inputClass,
      ...register(f.name, f.rules),
    };
    return (
      <Field key={f.name} id={id} label={f.label} error={error} hint={f.hint}>
        {f.kind === "multiline" ? (
          <textarea rows={5} {...common} />
        ) : (
          <input
            type="text"
            inputMode={f.kind === "money" ? "decimal" : f.kind === "count" ? "numeric" : undefined}
            {...common}
          />
        )}
      </Field>
    );
  }
}
