import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import {
  AWARD_FIELDS,
  AWARD_FORM_FIELD,
  awardFormValues,
  awardInput,
  changeFormValues,
  declineProblem,
  placeFields,
  type AwardField,
  type AwardFormValues,
} from "../../lib/aid";
import { useAwardAid, useChangeAid, useDeclineAid } from "../../lib/aid-api";
import type { AdminAidApplication } from "../../lib/aid-types";
import { moneyText } from "../../lib/front-desk";
import { buttonStyles } from "../buttons";
import { fieldId, focusFirstProblem, FormAlert, HINT, TextArea, TextInput } from "./fields";

/** The heading a panel opens on, focused so the office starts reading there. */
function useFocusOnOpen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

const TITLE = "font-display text-lg font-bold break-words text-slate-900 outline-none dark:text-white";

/**
 * Awarding aid to one camper (POST …/award): an amount in dollars, sent as cents, and optionally
 * the most it takes of each seat as a percent. Above the per-camper cap is said before sending
 * (and by the API, 400); more than the budget has left is the API's to say (409), with how much
 * is left, since other desks award from the same budget. `changing`: the award made is changed
 * instead (POST …/change), opening with it, down to what it already pays for.
 */
export function AwardForm({
  application,
  capCents,
  changing = false,
  onDone,
  onCancel,
}: {
  application: AdminAidApplication;
  capCents: number;
  changing?: boolean;
  onDone: (decided: AdminAidApplication) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const prefix = `${id}-award`;
  const awardNew = useAwardAid();
  const change = useChangeAid();
  const award = changing ? change : awardNew;
  const heading = useFocusOnOpen();
  const [values, setValues] = useState<AwardFormValues>(() =>
    changing ? changeFormValues(application) : awardFormValues(application.requestedCents, capCents),
  );
  const [problems, setProblems] = useState<Partial<Record<AwardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inOrder = (seen: Partial<Record<AwardField, string>>) =>
    Object.fromEntries(AWARD_FIELDS.filter((key) => seen[key]).map((key) => [key, seen[key]]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (award.isPending) return;
    const checked = awardInput(values, capCents, changing ? application.usedCents : null);
    setProblems(checked.problems);
    setFailure(null);
    if (!checked.body) return focusFirstProblem(prefix, inOrder(checked.problems));
    award.mutate(
      { id: application._id, body: checked.body },
      {
        onSuccess: onDone,
        onError: (error) => {
          const { shown, unplaced } = placeFields(fieldErrors(error), AWARD_FORM_FIELD);
          setProblems(shown);
          focusFirstProblem(prefix, inOrder(shown));
          const placed = Object.keys(shown).length > 0 && unplaced.length === 0;
          setFailure(placed ? null : [errorMessage(error), ...unplaced].join(" "));
        },
      },
    );
  };

  const input = (key: AwardField, label: string, hint: string) => (
    <TextInput
      id={fieldId(prefix, key)}
      label={label}
      hint={hint}
      value={values[key]}
      inputMode={key === "note" ? "text" : "decimal"}
      autoComplete="off"
      aria-required={key === "amount" || undefined}
      problem={problems[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className={TITLE}>
        {changing ? `Change ${application.camperName}'s award` : `Award aid to ${application.camperName}`}
      </h3>
      <p className={HINT}>
        {changing
          ? `Awarded ${moneyText(application.awardCents ?? 0)}, of which ${moneyText(application.usedCents)} pays for booked seats: it cannot go below that. An amount of ${moneyText(application.usedCents)} withdraws the rest. The family is told by e-mail.`
          : `Asked for ${moneyText(application.requestedCents)}. The most one camper can get is ${moneyText(capCents)}. The award comes off this camper's seats at checkout.`}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {input("amount", "Amount ($)", "The credit in all, across this camper's seats.")}
        {input(
          "percent",
          "Percent of each seat (optional)",
          "Takes at most this share of each seat, up to the amount.",
        )}
      </div>
      {input("note", "Note to the family (optional)", "The family reads it with the award.")}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.approve} disabled={award.isPending}>
          {award.isPending ? (changing ? "Saving…" : "Awarding…") : changing ? "Save the change" : "Award"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={award.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Declining an application (POST …/decline) with a note the family reads. */
export function DeclineForm({
  application,
  onDone,
  onCancel,
}: {
  application: AdminAidApplication;
  onDone: (decided: AdminAidApplication) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const noteId = fieldId(`${id}-decline`, "note");
  const decline = useDeclineAid();
  const heading = useFocusOnOpen();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (decline.isPending) return;
    const seen = declineProblem(note);
    setProblem(seen);
    setFailure(null);
    if (seen) return document.getElementById(noteId)?.focus();
    decline.mutate(
      { id: application._id, body: { note: note.trim() } },
      {
        onSuccess: onDone,
        onError: (error) => {
          const server = fieldErrors(error).note;
          setProblem(server ?? null);
          if (server) document.getElementById(noteId)?.focus();
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className={TITLE}>
        Decline {application.camperName}&apos;s application
      </h3>
      <TextArea
        id={noteId}
        label="Note to the family"
        hint="Why, in words the family will read."
        aria-required
        value={note}
        problem={problem ?? undefined}
        onChange={(e) => setNote(e.target.value)}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.deny} disabled={decline.isPending}>
          {decline.isPending ? "Declining…" : "Decline"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={decline.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
