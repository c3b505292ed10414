import { useEffect, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { Link } from "react-router-dom";
import { errorMessage, type Camper } from "shared-auth";
import { useSaveCamper } from "shared-auth/queries";
import { actionButton, card } from "../../components/styles";
import {
  camperChanges,
  camperTitle,
  camperToValues,
  dateOfBirthProblem,
  emptyCamperValues,
  LIMITS,
  MESSAGES,
  newCamperInput,
  placeServerErrors,
  requiredTextProblem,
  todayUtc,
  type CamperFormValues,
} from "./camper-fields";
import { describedBy, Field, inputClass, secondaryButton } from "./form-ui";
import { PeopleFields } from "./people-fields";
import { fieldErrors } from "shared-auth/field-errors";

const maxLength = (max: number, message: string) => ({
  validate: (v: string) => v.trim().length <= max || message,
});

export type SaveOutcome = "added" | "saved" | "unchanged";

/**
 * Adding a child, or changing a camper (a child, or the account holder's own "Myself", whose name
 * is changed in Settings): one validated form. The API's 400 `fields` land under the same fields,
 * focus on the first of them; any other refusal is said above the buttons, as the API words it.
 */
export function CamperForm({
  camper,
  onSaved,
  onCancel,
}: {
  /** The camper to change; none to add a child. */
  camper?: Camper;
  onSaved: (camper: Camper, outcome: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const save = useSaveCamper();
  const [problem, setProblem] = useState<string | null>(null);
  const isSelf = camper?.is_self ?? false;
  const prefix = camper ? `camper-${camper._id}` : "new-camper";
  const headingId = `${prefix}-form-title`;
  const [today] = useState(todayUtc);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CamperFormValues>({
    defaultValues: camper ? camperToValues(camper) : emptyCamperValues(),
    shouldFocusError: true,
  });

  // The form opens where its button was: focus goes to its first field.
  useEffect(() => {
    setFocus(isSelf ? "date_of_birth" : "first_name");
  }, [isSelf, setFocus]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const fields = camper ? camperChanges(camper, values) : newCamperInput(values);
    if (camper && Object.keys(fields).length === 0) return onSaved(camper, "unchanged");
    try {
      const saved = await save.mutateAsync({ ...(camper && { id: camper._id }), fields });
      onSaved(saved, camper ? "saved" : "added");
    } catch (error) {
      const { placed, other } = placeServerErrors(fieldErrors(error), values);
      for (const [path, message] of placed) {
        setError(path as FieldPath<CamperFormValues>, { type: "server", message });
      }
      if (placed[0]) setFocus(placed[0][0] as FieldPath<CamperFormValues>);
      setProblem([errorMessage(error), ...other].join(" "));
    }
  });

  const whom = isSelf ? "you" : "this child";
  const dobRequired = !isSelf || Boolean(camper?.date_of_birth);
  const textField = (
    name: "first_name" | "last_name",
    label: string,
    required: string,
    tooLong: string,
    autoComplete: string,
  ) => {
    const id = `${prefix}-${name.replace(/_/g, "-")}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <input
          id={id}
          type="text"
          autoComplete={autoComplete}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className={inputClass}
          {...register(name, { validate: (v) => requiredTextProblem(v, LIMITS.name, required, tooLong) ?? true })}
        />
      </Field>
    );
  };
  const notes = (name: "allergies" | "medical_notes" | "medications", label: string, hint: string, max: number) => {
    const id = `${prefix}-${name.replace(/_/g, "-")}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} hint={hint} error={error}>
        <textarea
          id={id}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} resize-y`}
          {...register(name, maxLength(max, MESSAGES[`${name}_long`]))}
        />
      </Field>
    );
  };
  const dobId = `${prefix}-date-of-birth`;
  const dobHint = isSelf
    ? "Needed to book yourself once you have added a child (with an emergency contact). Once given, it can be changed but not removed."
    : "It decides which classes fit the child's age on each class's first day.";
  const consentId = `${prefix}-photo-consent`;

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => {
        if (isSubmitting) e.preventDefault();
        else void submit(e);
      }}
      className={`flex flex-col gap-5 p-4 sm:p-6 ${card}`}
    >
      <h2 id={headingId} className="font-display text-xl font-bold break-words text-slate-900 dark:text-white">
        {camper ? `Edit ${camperTitle(camper)}` : "Add a child"}
      </h2>
      {isSelf ? (
        <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <p>
            <span className="font-semibold">Name:</span> <span className="break-words">{camper?.name}</span>
          </p>
          <p className="mt-1">
            Your name is changed in{" "}
            <Link to="/settings" className="font-semibold text-orange-800 underline dark:text-orange-300">
              Settings
            </Link>
            , not here.
          </p>
        </div>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          {textField("first_name", "First name", MESSAGES.first_name, MESSAGES.first_name_long, "off")}
          {textField("last_name", "Last name", MESSAGES.last_name, MESSAGES.last_name_long, "off")}
        </div>
      )}
      <Field id={dobId} label="Date of birth" hint={dobHint} error={errors.date_of_birth?.message}>
        <input
          id={dobId}
          type="date"
          max={today}
          placeholder="YYYY-MM-DD"
          aria-required={dobRequired}
          aria-invalid={errors.date_of_birth ? true : undefined}
          aria-describedby={describedBy(dobId, errors.date_of_birth?.message, dobHint)}
          className={`${inputClass} sm:max-w-xs`}
          {...register("date_of_birth", {
            validate: (v) => {
              if (isSelf && camper?.date_of_birth && !v.trim()) return MESSAGES.date_of_birth_kept;
              return dateOfBirthProblem(v, { required: dobRequired, today, adult: isSelf }) ?? true;
            },
          })}
        />
      </Field>
      {notes("allergies", "Allergies", "Foods, insect stings, medicines... Leave empty if none.", LIMITS.allergies)}
      {notes(
        "medical_notes",
        "Medical notes",
        "Anything the coaches should know (asthma, epilepsy, a recent injury).",
        LIMITS.medical_notes,
      )}
      {notes("medications", "Medications", "What, when and how much, if any is taken during camp.", LIMITS.medications)}
      <PeopleFields
        prefix={prefix}
        name="emergency_contacts"
        legend="Emergency contacts"
        rowLegend="Emergency contact"
        hint={
          isSelf
            ? "Who to call if something happens to you at camp. Needed to book yourself once you have added a child."
            : "Who to call if something happens. At least one is needed before the child's first booking."
        }
        addLabel="Add an emergency contact"
        max={LIMITS.emergency_contacts}
        control={control}
        register={register}
        errors={errors}
        setFocus={setFocus}
      />
      {!isSelf && (
        <PeopleFields
          prefix={prefix}
          name="pickup_people"
          legend="People allowed to pick up"
          rowLegend="Person allowed to pick up"
          hint="Besides you. Coaches hand the child only to you or to someone on this list."
          addLabel="Add a person allowed to pick up"
          max={LIMITS.pickup_people}
          control={control}
          register={register}
          errors={errors}
          setFocus={setFocus}
        />
      )}
      <div className="flex items-start gap-3">
        <input
          id={consentId}
          type="checkbox"
          aria-describedby={`${consentId}-hint`}
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          {...register("photo_consent")}
        />
        <div className="min-w-0">
          <label htmlFor={consentId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            Photo consent
          </label>
          <p id={`${consentId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            The academy may show photos of {whom} taken at camp in its news and on this site.
          </p>
        </div>
      </div>
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
          {isSubmitting ? "Saving…" : camper ? "Save changes" : "Add child"}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
