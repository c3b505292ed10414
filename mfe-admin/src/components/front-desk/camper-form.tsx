import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage, type CamperPerson } from "shared-auth";
import type { DeskCamper } from "shared-auth/wire";
import { academyToday } from "shared-auth/academy-time";
import { fieldErrors } from "shared-auth/field-errors";
import { useAddFamilyCamper } from "../../lib/front-desk-api";
import {
  CAMPER_LIMITS,
  camperInput,
  camperProblems,
  emptyCamper,
  emptyPerson,
  type CamperValues,
  type PeopleKey,
} from "../../lib/front-desk-people";
import { buttonStyles } from "../buttons";
import { fieldId, focusFirstProblem, FormAlert, HINT, LABEL, TextArea, TextInput } from "./fields";

type TextKey = "first_name" | "last_name" | "date_of_birth" | "allergies" | "medical_notes" | "medications";

/**
 * "Add a child" at the desk (POST /admin/families/:id/campers): the fields of the family's own
 * form on My Campers, checked as the API checks them, whose 400 `fields` land under the same fields.
 */
export function CamperForm({
  familyId,
  onAdded,
  onCancel,
}: {
  familyId: string;
  onAdded: (camper: DeskCamper) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const prefix = `${id}-c`;
  const add = useAddFamilyCamper(familyId);
  const [today] = useState(() => academyToday());
  const [values, setValues] = useState<CamperValues>(emptyCamper);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => document.getElementById(fieldId(prefix, "first_name"))?.focus(), [prefix]);

  const set = (key: TextKey, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey) => ({
    id: fieldId(prefix, key),
    value: values[key],
    problem: problems[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    const seen = camperProblems(values, today);
    setProblems(seen);
    setFailure(null);
    if (Object.keys(seen).length > 0) return focusFirstProblem(prefix, seen);
    add.mutate(camperInput(values), {
      onSuccess: onAdded,
      onError: (error) => {
        const fields = fieldErrors(error);
        setProblems(fields);
        focusFirstProblem(prefix, fields);
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add a child" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="First name"
          autoComplete="off"
          aria-required
          maxLength={CAMPER_LIMITS.name}
          {...text("first_name")}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          aria-required
          maxLength={CAMPER_LIMITS.name}
          {...text("last_name")}
        />
        <TextInput
          label="Date of birth"
          type="date"
          max={today}
          aria-required
          hint="It decides which classes fit the child's age."
          {...text("date_of_birth")}
        />
      </div>
      <TextArea
        label="Allergies"
        hint="Leave empty if none."
        maxLength={CAMPER_LIMITS.allergies}
        {...text("allergies")}
      />
      <TextArea
        label="Medical notes"
        hint="Anything the coaches should know (asthma, a recent injury)."
        maxLength={CAMPER_LIMITS.medical_notes}
        {...text("medical_notes")}
      />
      <TextArea
        label="Medications"
        hint="What, when and how much, if any is taken during camp."
        maxLength={CAMPER_LIMITS.medications}
        {...text("medications")}
      />
      {(["emergency_contacts", "pickup_people"] as const).map((key) => (
        <PeopleList
          key={key}
          prefix={prefix}
          field={key}
          people={values[key]}
          problems={problems}
          onChange={(people) => setValues((v) => ({ ...v, [key]: people }))}
        />
      ))}
      <div className="flex items-start gap-3">
        <input
          id={fieldId(prefix, "photo_consent")}
          type="checkbox"
          checked={values.photo_consent}
          onChange={(e) => setValues((v) => ({ ...v, photo_consent: e.target.checked }))}
          aria-describedby={`${prefix}-consent-hint`}
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
        />
        <div className="min-w-0">
          <label htmlFor={fieldId(prefix, "photo_consent")} className={LABEL}>
            Photo consent
          </label>
          <p id={`${prefix}-consent-hint`} className={HINT}>
            The family agrees the academy may show photos of this child taken at camp.
          </p>
        </div>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add child"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={add.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const PEOPLE = {
  emergency_contacts: {
    legend: "Emergency contacts",
    row: "Emergency contact",
    hint: "Who to call if something happens. At least one is needed before the child's first booking.",
    add: "Add an emergency contact",
  },
  pickup_people: {
    legend: "People allowed to pick up",
    row: "Person allowed to pick up",
    hint: "Besides the parents. Coaches hand the child only to them or to someone on this list.",
    add: "Add a person allowed to pick up",
  },
} as const;

/** A list of people (name, relation, phone each), with Add and Remove; focus follows each. */
function PeopleList({
  prefix,
  field,
  people,
  problems,
  onChange,
}: {
  prefix: string;
  field: PeopleKey;
  people: CamperPerson[];
  problems: Record<string, string>;
  onChange: (people: CamperPerson[]) => void;
}) {
  const words = PEOPLE[field];
  const listId = fieldId(prefix, field);
  const max = CAMPER_LIMITS[field];
  // Where focus goes once the list has re-rendered: a new row's name, or the row now in a removed one's place.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const row = focusRow.current;
    if (row === null) return;
    focusRow.current = null;
    const target =
      people.length === 0 ? `${listId}-add` : fieldId(prefix, `${field}.${Math.min(row, people.length - 1)}.name`);
    document.getElementById(target)?.focus();
  }, [people.length, listId, prefix, field]);

  const setPart = (index: number, part: keyof CamperPerson, value: string) =>
    onChange(people.map((p, i) => (i === index ? { ...p, [part]: value } : p)));

  return (
    <fieldset className="min-w-0" aria-describedby={`${listId}-hint`}>
      <legend className="text-base font-bold text-slate-900 dark:text-white">{words.legend}</legend>
      <p id={`${listId}-hint`} className={HINT}>
        {words.hint}
      </p>
      {people.length > 0 && (
        <ol className="mt-3 flex flex-col gap-3">
          {people.map((person, index) => (
            <li key={index}>
              <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
                <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
                  {words.row} {index + 1}
                </legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  {(["name", "relation", "phone"] as const).map((part) => (
                    <TextInput
                      key={part}
                      id={fieldId(prefix, `${field}.${index}.${part}`)}
                      label={part === "name" ? "Name" : part === "relation" ? "Relation" : "Phone"}
                      type={part === "phone" ? "tel" : "text"}
                      autoComplete="off"
                      value={person[part]}
                      onChange={(e) => setPart(index, part, e.target.value)}
                      problem={problems[`${field}.${index}.${part}`]}
                    />
                  ))}
                </div>
                <button
                  type="button"
                  className={`mt-3 ${buttonStyles.plain}`}
                  aria-label={`Remove ${words.row.toLowerCase()} ${index + 1}`}
                  onClick={() => {
                    onChange(people.filter((_, i) => i !== index));
                    focusRow.current = index;
                  }}
                >
                  Remove
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {problems[field] && <p className="text-sm text-red-700 dark:text-red-300">{problems[field]}</p>}
      <button
        id={`${listId}-add`}
        type="button"
        className={`mt-3 ${buttonStyles.plain}`}
        disabled={people.length >= max}
        onClick={() => {
          onChange([...people, emptyPerson()]);
          focusRow.current = people.length;
        }}
      >
        <span aria-hidden="true">+</span> {words.add}
      </button>
    </fieldset>
  );
}
