import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { addressLine } from "shared-auth/contact-format";
import { fieldErrors } from "shared-auth/field-errors";
import type { FrontDeskFamily } from "../../lib/front-desk";
import { useSaveFamilyGuardians } from "../../lib/front-desk-api";
import {
  GUARDIAN_LIMITS,
  guardiansForm,
  guardiansInput,
  guardiansProblems,
  type GuardiansFormValues,
  type GuardianValues,
} from "../../lib/front-desk-people";
import { buttonStyles } from "../buttons";
import { CARD, fieldId, focusFirstProblem, FormAlert, HINT, LABEL, TextInput } from "./fields";

type Who = "first" | "second";

/**
 * The family's parents or guardians: the first one's phone and address are needed before any
 * booking (the API refuses it otherwise), so the form is open until they are given. The same
 * fields as the family's own form on My Campers.
 */
export function GuardiansPanel({ family, onSaved }: { family: FrontDeskFamily; onSaved: (text: string) => void }) {
  const id = useId();
  const { guardians, complete } = family.guardians;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Parents and guardians
        </h2>
        {complete && !editing && (
          <button
            ref={editButton}
            type="button"
            className={buttonStyles.plain}
            onClick={() => setEditing(true)}
            aria-label="Edit parents and guardians"
          >
            Edit
          </button>
        )}
      </div>
      {!complete && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          Before booking: the first guardian&apos;s mobile phone and postal address are needed.
        </p>
      )}
      {editing || !complete ? (
        <GuardiansForm
          family={family}
          focusFirst={editing}
          onSaved={() => {
            onSaved("Parents and guardians saved.");
            if (editing) close();
          }}
          onCancel={complete ? close : null}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {guardians.map((g) => (
            <li key={g.position} className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800">
              <p className="font-semibold break-words text-slate-900 dark:text-white">
                {g.name} <span className="font-normal text-slate-600 dark:text-slate-400">({g.relation})</span>
              </p>
              <p className="break-words">{g.phone}</p>
              <p className="break-words">{g.email}</p>
              <p className="break-words">{addressLine(g)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GuardiansForm({
  family,
  focusFirst,
  onSaved,
  onCancel,
}: {
  family: FrontDeskFamily;
  focusFirst: boolean;
  onSaved: () => void;
  onCancel: (() => void) | null;
}) {
  const id = useId();
  const prefix = `${id}-g`;
  const save = useSaveFamilyGuardians(family._id);
  const [values, setValues] = useState<GuardiansFormValues>(() => guardiansForm(family.guardians, family));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (focusFirst) document.getElementById(fieldId(prefix, "first.name"))?.focus();
  }, [focusFirst, prefix]);

  const set = (who: Who, key: keyof GuardianValues, value: string) =>
    setValues((v) => ({ ...v, [who]: { ...v[who], [key]: value } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const seen = guardiansProblems(values);
    setProblems(seen);
    setFailure(null);
    if (Object.keys(seen).length > 0) return focusFirstProblem(prefix, seen);
    save.mutate(guardiansInput(values), {
      onSuccess: onSaved,
      onError: (error) => {
        const fields = fieldErrors(error);
        setProblems(fields);
        focusFirstProblem(prefix, fields);
        setFailure(errorMessage(error));
      },
    });
  };

  const input = (
    who: Who,
    key: keyof GuardianValues,
    label: string,
    extra: { optional?: boolean; type?: string; hint?: string; wide?: boolean } = {},
  ) => (
    <TextInput
      id={fieldId(prefix, `${who}.${key}`)}
      label={extra.optional ? `${label} (optional)` : label}
      type={extra.type ?? "text"}
      value={values[who][key]}
      onChange={(e) => set(who, key, e.target.value)}
      problem={problems[`${who}.${key}`]}
      hint={extra.hint}
      autoComplete="off"
      aria-required={extra.optional ? undefined : true}
      maxLength={key === "phone" ? 20 : GUARDIAN_LIMITS[key as keyof typeof GUARDIAN_LIMITS]}
      className={extra.wide ? "sm:col-span-2" : ""}
    />
  );
  const person = (who: Who) => (
    <div className="grid gap-4 sm:grid-cols-2">
      {input(who, "name", "Full name")}
      {input(who, "relation", "Relation to the children", { hint: "For example: mother, father, guardian." })}
      {input(who, "phone", "Mobile phone", { type: "tel", hint: "The number the coaches call on camp days." })}
      {who === "second" ? (
        input(who, "email", "E-mail", { type: "email" })
      ) : (
        <div className="min-w-0">
          <p className={LABEL}>E-mail</p>
          <p className="py-2 text-sm break-words text-slate-800 dark:text-slate-200">{family.email}</p>
          <p className={HINT}>The account&apos;s.</p>
        </div>
      )}
      {input(who, "address_line1", "Street address", { wide: true })}
      {input(who, "address_line2", "Flat, suite or building", { optional: true, wide: true })}
      {input(who, "city", "Town or city")}
      {input(who, "region", "State or county", { optional: true })}
      {input(who, "postal_code", "Postal code")}
    </div>
  );

  const legend = "mb-2 font-display text-lg font-bold text-slate-900 dark:text-white";
  return (
    <form noValidate onSubmit={submit} aria-label="Parents and guardians" className="flex flex-col gap-4">
      <fieldset className="min-w-0">
        <legend className={legend}>First parent or guardian (the account holder)</legend>
        {person("first")}
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id={`${prefix}-has-second`}
          type="checkbox"
          checked={values.hasSecond}
          onChange={(e) => setValues((v) => ({ ...v, hasSecond: e.target.checked }))}
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
        />
        <label htmlFor={`${prefix}-has-second`} className={LABEL}>
          Add a second parent or guardian
        </label>
      </div>
      {values.hasSecond && (
        <fieldset className="min-w-0">
          <legend className={legend}>Second parent or guardian</legend>
          {person("second")}
        </fieldset>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save parents and guardians"}
        </button>
        {onCancel && (
          <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
