import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage, queryKeys } from "shared-auth";
import { refundCents, usd } from "../lib/refunds";
import { buttonStyles, inputStyles } from "./buttons";
import type { EnrolledSeat } from "shared-auth/wire";

/** GET /enrollments/:id/cancellation: what cancelling this seat refunds today, and what is left of it. */
/** Today's quote for the seat (GET /enrollments/:id/cancellation, generated types). */
type Quote = EnrolledSeat;

type Choice = "policy" | "all" | "other";
type HandBack = "cash" | "cheque" | "bank_transfer";

/** A desk booking's refund (decision 047): the office hands it back itself, and says how. */
const HAND_BACK: [HandBack, string][] = [
  ["cash", "Cash"],
  ["cheque", "Cheque"],
  ["bank_transfer", "Bank transfer"],
];

/**
 * An admin cancels one seat of a family: with the policy's refund, everything left of
 * what was paid, or an amount they type (never more than is left), and a reason the record keeps.
 */
export function SeatCancel({
  enrollmentId,
  label,
  onDone,
}: {
  enrollmentId: string;
  label: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className={`${buttonStyles.plain} ml-2`}
        onClick={() => setOpen(true)}
        aria-label={`Cancel seat: ${label}`}
      >
        Cancel seat
      </button>
    );
  }
  return <CancelForm enrollmentId={enrollmentId} label={label} onClose={() => setOpen(false)} onDone={onDone} />;
}

function CancelForm({
  enrollmentId,
  label,
  onClose,
  onDone,
}: {
  enrollmentId: string;
  label: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const quote = useQuery({
    queryKey: ["admin", "cancellation", enrollmentId],
    queryFn: async () => (await api.get<Quote>(`/enrollments/${enrollmentId}/cancellation`)).data,
    gcTime: 0,
  });
  const [choice, setChoice] = useState<Choice>("policy");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [handBack, setHandBack] = useState<HandBack>("cash");
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<{ amount?: string; reason?: string; reference?: string }>({});
  const cancel = useMutation({
    mutationFn: async (body: {
      refundCents: number;
      reason: string;
      refundMethod?: HandBack;
      refundReference?: string;
    }) => (await api.post<{ message: string }>(`/enrollments/${enrollmentId}/cancel`, body)).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.classes() }),
  });

  if (quote.isPending) return <p role="status">Working out the refund…</p>;
  if (quote.isError) return <p role="alert">The refund could not be worked out: {errorMessage(quote.error)}</p>;
  const q = quote.data.cancellation;
  const left = q.paidCents - q.refundedCents;
  if (cancel.isSuccess) {
    return (
      <p role="status" className="mt-1 font-semibold text-emerald-800 dark:text-emerald-300">
        {cancel.data.message}{" "}
        <button type="button" className={buttonStyles.plain} onClick={onDone}>
          Done
        </button>
      </p>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Every field checked before anything is sent; each problem beside its field.
    const seen: { amount?: string; reason?: string; reference?: string } = {};
    let cents = choice === "policy" ? q.refundCents : left;
    if (choice === "other") {
      const typed = refundCents(amount, left, "seat");
      if (typeof typed === "string") seen.amount = typed;
      else cents = typed;
    }
    const desk = quote.data.atTheDesk && cents > 0;
    if (desk && handBack !== "cash" && !reference.trim()) {
      seen.reference = handBack === "cheque" ? "The cheque's number." : "The transfer's reference.";
    }
    if (!reason.trim()) seen.reason = "Say why, for the record.";
    setFieldProblems(seen);
    const named = [seen.amount && "Amount", seen.reference && "Reference", seen.reason && "Reason"].filter(Boolean);
    if (named.length > 0) {
      setProblem(
        `${named.length === 1 ? "1 field needs" : `${named.length} fields need`} another look: ${named.join(", ")}.`,
      );
      document.getElementById(`${id}-${seen.amount ? "amount" : seen.reference ? "reference" : "reason"}`)?.focus();
      return;
    }
    setProblem(null);
    cancel.mutate(
      {
        refundCents: cents,
        reason: reason.trim(),
        ...(desk && {
          refundMethod: handBack,
          ...(handBack !== "cash" && { refundReference: reference.trim() }),
        }),
      },
      { onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Cancel seat: ${label}`}
      className="mt-2 flex flex-col gap-2 rounded-xl border border-slate-300 p-3 dark:border-slate-600"
    >
      {q.noCard ? (
        // The seed's sample families paid no card: the seat can only be cancelled with no refund.
        <p className="text-slate-700 dark:text-slate-300">{q.text}</p>
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold text-slate-900 dark:text-white">
            {quote.data.atTheDesk ? "Refund handed back by the office" : "Refund to the card"}
          </legend>
          {(
            [
              ["policy", `Under the policy today: ${usd(q.refundCents)}`],
              ["all", `Everything left: ${usd(left)} of ${usd(q.paidCents)} paid`],
              ["other", "Another amount"],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-choice`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {text}
            </label>
          ))}
        </fieldset>
      )}
      {choice === "other" && (
        <>
          <label htmlFor={`${id}-amount`} className="font-medium">
            Amount ($)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={fieldProblems.amount ? true : undefined}
            aria-describedby={fieldProblems.amount ? `${id}-amount-problem` : undefined}
            className={`${inputStyles} w-32`}
          />
          {fieldProblems.amount && (
            <p id={`${id}-amount-problem`} className="text-sm text-red-700 dark:text-red-300">
              {fieldProblems.amount}
            </p>
          )}
        </>
      )}
      {quote.data.atTheDesk && (
        // Booked at the front desk: its money goes back through the office, never to a card.
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold text-slate-900 dark:text-white">How the office gives it back</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {HAND_BACK.map(([value, text]) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-hand-back`}
                  value={value}
                  checked={handBack === value}
                  onChange={() => setHandBack(value)}
                />
                {text}
              </label>
            ))}
          </div>
          {handBack !== "cash" && (
            <>
              <label htmlFor={`${id}-reference`} className="font-medium">
                {handBack === "cheque" ? "Cheque number" : "Transfer reference"}
              </label>
              <input
                id={`${id}-reference`}
                value={reference}
                maxLength={60}
                onChange={(e) => setReference(e.target.value)}
                aria-invalid={fieldProblems.reference ? true : undefined}
                aria-describedby={fieldProblems.reference ? `${id}-reference-problem` : undefined}
                className={`${inputStyles} w-48`}
              />
              {fieldProblems.reference && (
                <p id={`${id}-reference-problem`} className="text-sm text-red-700 dark:text-red-300">
                  {fieldProblems.reference}
                </p>
              )}
            </>
          )}
        </fieldset>
      )}
      <label htmlFor={`${id}-reason`} className="font-medium">
        Reason (kept with the cancellation, and told to the family)
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={fieldProblems.reason ? true : undefined}
        aria-describedby={fieldProblems.reason ? `${id}-reason-problem` : undefined}
        className={inputStyles}
      />
      {fieldProblems.reason && (
        <p id={`${id}-reason-problem`} className="text-sm text-red-700 dark:text-red-300">
          {fieldProblems.reason}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.danger} disabled={cancel.isPending}>
          {cancel.isPending ? "Cancelling…" : "Cancel the seat"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={cancel.isPending}>
          Keep it
        </button>
      </div>
    </form>
  );
}
