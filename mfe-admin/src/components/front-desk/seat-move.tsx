import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import { moneyText, type FrontDeskOrder } from "../../lib/front-desk";
import { useMoveSeat, useQuoteMove } from "../../lib/front-desk-api";
import {
  cardRefundNote,
  MAX_REASON,
  moveButtonLabel,
  moveDifference,
  moveForm,
  moveRequest,
  placeMoveErrors,
  quoteRequest,
  shownFields,
  signedMoney,
  type MoveField,
  type MoveFormValues,
  type MoveProblems,
  type MoveQuote,
} from "../../lib/seat-move";
import { buttonStyles } from "../buttons";
import { fieldId, focusFirstProblem, FormAlert, HINT, TextArea, TextInput } from "./fields";
import { ClassChoice, MoveFiguresTable, RefundFields } from "./move-parts";

type Seat = FrontDeskOrder["seats"][number];

/**
 * "Move to another class" under a booked seat: a button that opens the move's form in its place.
 * A seat already moved or cancelled has no enrolment left to move, so nothing shows.
 */
export function SeatMove({
  familyId,
  order,
  seat,
  today,
  onDone,
}: {
  familyId: string;
  order: FrontDeskOrder;
  seat: Seat;
  today: string;
  /** What happened, for the page's status line (the form is gone by then). */
  onDone: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (seat.enrollmentId === null) return null;
  return open ? (
    <MoveForm
      familyId={familyId}
      enrollmentId={seat.enrollmentId}
      seat={seat}
      atTheDesk={order.atTheDesk}
      today={today}
      onClose={() => {
        setOpen(false);
        requestAnimationFrame(() => button.current?.focus());
      }}
      onDone={(text) => {
        setOpen(false);
        onDone(text);
      }}
    />
  ) : (
    <button
      ref={button}
      type="button"
      className={`self-start ${buttonStyles.plain}`}
      onClick={() => setOpen(true)}
      aria-label={moveButtonLabel(seat)}
    >
      Move to another class
    </button>
  );
}

/**
 * The move itself: the class and the fee, the API's figures (POST …/move-quote, nothing changes),
 * then what those figures ask for (a due day, how the office gives money back, a reason to pass a
 * waiting line) and the move (POST …/move). Any change of class or fee asks for new figures.
 */
function MoveForm({
  familyId,
  enrollmentId,
  seat,
  atTheDesk,
  today,
  onClose,
  onDone,
}: {
  familyId: string;
  enrollmentId: string;
  seat: Seat;
  atTheDesk: boolean;
  today: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const id = useId();
  const prefix = `${id}-move`;
  const quoteMove = useQuoteMove();
  const move = useMoveSeat(familyId);
  const [values, setValues] = useState<MoveFormValues>(() => moveForm(today));
  const [quote, setQuote] = useState<MoveQuote | null>(null);
  // The figures were cleared by a change: said, so the admin knows why they went.
  const [stale, setStale] = useState(false);
  // The API refused the move for a waiting line the figures did not know of: the reason is asked then.
  const [lineAsked, setLineAsked] = useState(false);
  const [problems, setProblems] = useState<MoveProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Opened by its button, which is gone now: focus goes to the form's first choice.
  useEffect(() => document.getElementById(fieldId(prefix, "toClassId"))?.focus(), [prefix]);

  const set = (change: Partial<MoveFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    // A problem goes once its field is changed; the rest stay until the next try.
    setProblems((p) => {
      const next = { ...p };
      for (const key of Object.keys(change)) delete next[(key === "fee" ? "feeCents" : key) as MoveField];
      return next;
    });
  };
  /** The class or the fee changed: the figures were for the old ones. */
  const setAsked = (change: Pick<Partial<MoveFormValues>, "toClassId" | "fee">) => {
    set(change);
    if (quote) setStale(true);
    setQuote(null);
    setLineAsked(false);
    setFailure(null);
  };

  /** The seat is gone (moved or cancelled meanwhile): the form closes and the page says why. */
  const gone = (error: unknown) => onDone(`The seat was not moved. ${errorMessage(error)}`);

  const refused = (error: unknown, shown: MoveField[]) => {
    if (apiErrorStatus(error) === 404) return gone(error);
    const fields = fieldErrors(error);
    const line = apiErrorStatus(error) === 409 && typeof fields.aheadOfLineReason === "string";
    if (line) setLineAsked(true);
    const { placed, other } = placeMoveErrors(fields, line ? [...shown, "aheadOfLineReason"] : shown);
    setProblems(placed);
    const then = line ? "Say why below, then press Move the seat again." : "";
    setFailure([errorMessage(error), ...other, then].filter(Boolean).join(" "));
    // A field the refusal just brought in is there after this render.
    requestAnimationFrame(() => focusFirstProblem(prefix, placed));
  };

  const seeFigures = () => {
    if (quoteMove.isPending) return;
    const { body, problems: seen } = quoteRequest(values);
    setProblems(seen);
    setFailure(null);
    if (!body) return focusFirstProblem(prefix, seen);
    quoteMove.mutate(
      { enrollmentId, body },
      {
        onSuccess: (answer) => {
          setQuote(answer);
          setStale(false);
          setLineAsked(false);
          setProblems({});
        },
        onError: (error) => refused(error, ["toClassId", "feeCents"]),
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Enter in the fee before any figures asks for them: nothing moves unseen.
    if (!quote) return seeFigures();
    if (move.isPending) return;
    const { body, problems: seen } = moveRequest(values, quote, { atTheDesk, today, lineAsked });
    setProblems(seen);
    setFailure(null);
    if (!body) return focusFirstProblem(prefix, seen);
    const shown = shownFields(quote, values, { atTheDesk, lineAsked });
    // Not mutate's own callbacks: the family is read again before the answer is handed on, and the
    // moved seat's row (this form's parent) is gone by then, which would drop them unheard.
    move.mutateAsync({ enrollmentId, body }).then(
      (done) => onDone(done.message),
      (error: unknown) => refused(error, shown),
    );
  };

  const busy = move.isPending;
  const difference = quote ? moveDifference(quote) : null;
  const cardNote = quote ? cardRefundNote(quote, atTheDesk) : null;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-1 flex min-w-0 flex-col gap-4 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60"
    >
      <h4 id={`${id}-title`} className="font-semibold break-words text-slate-900 dark:text-white">
        Move {seat.camperName}&apos;s seat in {seat.className}
      </h4>
      <ClassChoice
        prefix={prefix}
        fromClassId={seat.classId}
        value={values.toClassId}
        onChange={(toClassId) => setAsked({ toClassId })}
        problem={problems.toClassId}
      />
      <TextInput
        id={fieldId(prefix, "feeCents")}
        label="Transfer fee (dollars)"
        inputMode="decimal"
        autoComplete="off"
        className="sm:max-w-xs"
        value={values.fee}
        onChange={(e) => setAsked({ fee: e.target.value })}
        problem={problems.feeCents}
        hint="Kept by the academy out of what was paid for the seat; 0 for none."
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={quote ? buttonStyles.plain : buttonStyles.primary}
          disabled={quoteMove.isPending || busy}
          onClick={seeFigures}
        >
          {quoteMove.isPending ? "Working out the figures…" : "See the figures"}
        </button>
      </div>
      {/* Said as the figures come or go: they appear below the button that asked for them. */}
      <p role="status" className={stale && !quote ? HINT : "sr-only"}>
        {difference
          ? `${difference.label}: ${signedMoney(difference.cents)}.`
          : stale
            ? "The class or the fee changed: see the figures again."
            : ""}
      </p>
      {quote && (
        <>
          <MoveFiguresTable quote={quote} />
          {quote.owedCents > 0 && (
            <TextInput
              id={fieldId(prefix, "dueDay")}
              label="Difference due by"
              type="date"
              min={today}
              aria-required
              className="sm:max-w-xs"
              value={values.dueDay}
              onChange={(e) => set({ dueDay: e.target.value })}
              problem={problems.dueDay}
              hint={`The family pays ${moneyText(quote.owedCents)} by card from My Balance, or the office records it.`}
            />
          )}
          {quote.refundCents > 0 && atTheDesk && (
            <RefundFields
              prefix={prefix}
              values={values}
              onChange={set}
              problems={problems}
              refundCents={quote.refundCents}
            />
          )}
          {cardNote && <p className="text-sm text-slate-700 dark:text-slate-300">{cardNote}</p>}
          {(quote.aheadOfLine || lineAsked) && (
            <TextArea
              id={fieldId(prefix, "aheadOfLineReason")}
              label="Reason to go ahead of the waiting line"
              hint="Families wait in this class's line for its free seats. Kept for the office to read later."
              maxLength={MAX_REASON}
              aria-required
              value={values.aheadOfLineReason}
              onChange={(e) => set({ aheadOfLineReason: e.target.value })}
              problem={problems.aheadOfLineReason}
            />
          )}
          <TextArea
            id={fieldId(prefix, "reason")}
            label="Reason (the family reads it)"
            hint="Optional. Said in the family's e-mail about the move and kept in the office log."
            maxLength={MAX_REASON}
            value={values.reason}
            onChange={(e) => set({ reason: e.target.value })}
            problem={problems.reason}
          />
        </>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        {quote && (
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? "Moving…" : "Move the seat"}
          </button>
        )}
        <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
