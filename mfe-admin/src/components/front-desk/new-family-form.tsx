import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import { newFamilyInput, newFamilyProblems } from "../../lib/front-desk-people";
import { useCreateFamily } from "../../lib/front-desk-api";
import { buttonStyles } from "../buttons";
import { CARD, fieldId, focusFirstProblem, FormAlert, HINT, TextInput } from "./fields";

type Key = "email" | "name";

/**
 * Registering a family at the desk (POST /admin/families): its e-mail and the account holder's
 * name (the phone and address follow in the guardians' form, which booking needs). The academy e-mails the family a link to set its password; until then the
 * office books for it. An e-mail that already has an account is said as the API says it.
 */
export function NewFamilyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (familyId: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const prefix = `${id}-family`;
  const create = useCreateFamily();
  const [values, setValues] = useState<Record<Key, string>>({ email: "", name: "" });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const seen = newFamilyProblems(values);
    setProblems(seen);
    setFailure(null);
    if (Object.keys(seen).length > 0) return focusFirstProblem(prefix, seen);
    create.mutate(newFamilyInput(values), {
      onSuccess: (family) => onCreated(family._id),
      onError: (error) => {
        const fields = fieldErrors(error);
        const shown = Object.fromEntries(Object.entries(fields).filter(([k]) => k in values));
        setProblems(shown);
        focusFirstProblem(prefix, shown);
        const unplaced = Object.keys(fields).length > Object.keys(shown).length;
        setFailure(
          apiErrorStatus(error) === 409
            ? `${errorMessage(error)} Find the family instead.`
            : Object.keys(shown).length === 0 || unplaced
              ? errorMessage(error)
              : null,
        );
      },
    });
  };

  const input = (key: Key, label: string, extra: Partial<ComponentProps<typeof TextInput>>) => (
    <TextInput
      id={fieldId(prefix, key)}
      label={label}
      value={values[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      problem={problems[key]}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className={CARD}>
      <h2
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold text-slate-900 outline-none dark:text-white"
      >
        New family
      </h2>
      <p className={HINT}>
        The family gets an e-mail with a link to set its password. You can book for it straight away.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("email", "E-mail", { type: "email", autoComplete: "off", maxLength: 254, "aria-required": true })}
        {input("name", "Account holder's full name", { autoComplete: "off", maxLength: 120, "aria-required": true })}
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? "Registering…" : "Register the family"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={create.isPending}>
          Back to the search
        </button>
      </div>
    </form>
  );
}
