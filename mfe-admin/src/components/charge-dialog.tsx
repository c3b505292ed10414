import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { useCancelPlan, useChangeCharge, type OfficeInstalment } from "../lib/balances";
import { money } from "../lib/discounts";
import { dayInWords } from "../lib/plans";
import { buttonStyles, inputStyles } from "./buttons";
import { useModal } from "./use-modal";

export type ChargeAction = "move" | "waive" | "cancel";

type Field = "due" | "reason";

const REASON_NEEDED = "Say why: the family and the office read it later.";

const TITLES: Record<ChargeAction, string> = {
  move: "Move a charge",
  waive: "Waive a charge",
  cancel: "Cancel a payment plan",
};

/** The API's 400 answer carries a message per field; anything else is said in the dialog. */
function fieldsOf(error: unknown): Record<string, string> | undefined {
  return (error as { response?: { data?: { fields?: Record<string, string> } } }).response?.data?.fields;
}

/**
 * Move, waive, or cancel the plan of one charge, in a modal <dialog>: each asks for the reason the
 * record keeps. What the server refuses is said beside its field (a 400's fields) or in the dialog
 * (a 409: the charge changed meanwhile); on success the page says what happened.
 */
export function ChargeDialog({
  action,
  charge,
  planSeats,
  today,
  onClose,
  onDone,
}: {
  action: ChargeAction;
  charge: OfficeInstalment;
  /** Every seat of the plan with a charge still open (cancel only). */
  planSeats: { camperName: string; className: string }[];
  today: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const ref = useModal();
  const id = useId();
  const change = useChangeCharge();
  const cancel = useCancelPlan();
  const busy = change.isPending || cancel.isPending;
  const [due, setDue] = useState(action === "move" ? (charge.due < today ? today : charge.due) : "");
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const what = `${charge.familyName}'s charge of ${money(charge.amountCents)} due ${dayInWords(charge.due)}`;

  const refused = (error: unknown) => {
    const fields = fieldsOf(error);
    const known = { ...(fields?.due && { due: fields.due }), ...(fields?.reason && { reason: fields.reason }) };
    setProblems(known);
    // A field this dialog does not show, or no fields at all (a 409): the server's words here.
    const elsewhere = fields && Object.keys(fields).some((k) => k !== "due" && k !== "reason");
    setFailure(!fields || elsewhere ? errorMessage(error) : null);
    if (known.due || known.reason) document.getElementById(`${id}-${known.due ? "due" : "reason"}`)?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only what is plainly missing is checked here; the server checks the rest and says why.
    const seen: Partial<Record<Field, string>> = {};
    if (action === "move" && due === "") seen.due = "Choose the new day.";
    if (!reason.trim()) seen.reason = REASON_NEEDED;
    setProblems(seen);
    setFailure(null);
    if (seen.due || seen.reason) {
      document.getElementById(`${id}-${seen.due ? "due" : "reason"}`)?.focus();
      return;
    }
    const why = reason.trim();
    if (action === "cancel") {
      cancel.mutate(
        { orderId: charge.orderId, reason: why },
        { onSuccess: (r) => onDone(r.message), onError: refused },
      );
    } else if (action === "move") {
      change.mutate(
        { kind: "move", id: charge._id, due, reason: why },
        { onSuccess: (r) => onDone(`${what} is moved to ${dayInWords(r.due)}.`), onError: refused },
      );
    } else {
      change.mutate(
        { kind: "waive", id: charge._id, reason: why },
        { onSuccess: () => onDone(`${what} is waived: it will not be charged.`), onError: refused },
      );
    }
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby":
      [name === "due" ? `${id}-due-hint` : "", problems[name] ? `${id}-${name}-problem` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
  });
  const problem = (name: Field) =>
    problems[name] && (
      <p id={`${id}-${name}-problem`} className="text-sm text-red-700 dark:text-red-300">
        {problems[name]}
      </p>
    );

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 p-5 text-sm sm:p-6">
        <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          {TITLES[action]}
        </h2>
        {action === "cancel" ? (
          <>
            <p>
              Cancel <strong className="break-words">{charge.planName || "the payment plan"}</strong> of{" "}
              <span className="break-words">{charge.familyName}</span>: each seat of the plan not paid in full is
              cancelled, the family is refunded what the cancellation policy gives back of what they paid, and the seat
              is offered to the class&apos;s waitlist. The plan&apos;s charges still to come are cancelled with it.
            </p>
            {planSeats.length > 0 && (
              <ul className="list-disc pl-5" aria-label="Seats on this plan">
                {planSeats.map((s) => (
                  <li key={`${s.camperName}\u0000${s.className}`} className="break-words">
                    {s.camperName}, {s.className}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="break-words">
            {action === "move"
              ? `${what}. A refused charge moved to a new day waits for it.`
              : `${what}. A waived charge is never charged; the family owes it no more.`}
          </p>
        )}
        {action === "move" && (
          <>
            <label htmlFor={`${id}-due`} className="font-medium text-slate-700 dark:text-slate-300">
              New day
            </label>
            <input
              type="date"
              value={due}
              min={today}
              onChange={(e) => setDue(e.target.value)}
              className={`${inputStyles} w-48`}
              {...field("due")}
            />
            <p id={`${id}-due-hint`} className="text-slate-600 dark:text-slate-400">
              Today or later, within two years.
            </p>
            {problem("due")}
          </>
        )}
        <label htmlFor={`${id}-reason`} className="font-medium text-slate-700 dark:text-slate-300">
          Reason (kept with the {action === "cancel" ? "cancellation" : "charge"})
        </label>
        <input
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
          className={inputStyles}
          {...field("reason")}
        />
        {problem("reason")}
        {failure && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {failure}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="submit"
            className={action === "move" ? buttonStyles.primary : buttonStyles.danger}
            disabled={busy}
          >
            {busy
              ? "Saving…"
              : action === "move"
                ? "Move the charge"
                : action === "waive"
                  ? "Waive the charge"
                  : "Cancel the plan"}
          </button>
          <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={busy}>
            {action === "cancel" ? "Keep the plan" : "Close"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
