import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import { describedBy, Field, FieldError, inputClass, secondaryButton } from "../campers/form-ui";
import { actionButton } from "../../components/styles";
import { useClassesToMoveTo, useMoveQuote, useMoveSeat, type MoveQuote, type SeatMoved } from "./move-api";
import { classChoices, moveButtonLabel, moveDifference, moveLines, payLinkText, signedDollars } from "./move-lines";

/** The seat a card offers to move: its enrolment, its class, whose it is. */
export interface SeatToMove {
  enrollmentId: string;
  classId: string;
  className: string;
  camperName: string;
}

const small = "text-sm text-slate-600 dark:text-slate-400";

/**
 * "Move to another class" on a seat's card: the academy's rule in words, then an inline form to
 * pick the class, read the API's figures and move. What the move did is said by the page
 * (`onMoved`): the moved seat's card, and this form with it, goes once the seats are read again.
 */
export function MoveSeat({
  seat,
  rule,
  today,
  onMoved,
}: {
  seat: SeatToMove;
  rule: string;
  today: string;
  onMoved: (done: SeatMoved) => void;
}) {
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const [open, setOpen] = useState(false);
  const [toClassId, setToClassId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [figures, setFigures] = useState<MoveQuote | null>(null);
  const quote = useMoveQuote();
  const move = useMoveSeat();

  // The form opens on its first field, for a keyboard or a screen reader.
  useEffect(() => {
    if (open) select.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setToClassId("");
    setProblem(null);
    setFailure(null);
    setFigures(null);
    opener.current?.focus();
  };

  /** A refusal: the API's field message under the class, anything else in the alert. */
  const refused = (error: unknown) => {
    const fields = fieldErrors(error);
    if (fields.toClassId) setProblem(fields.toClassId);
    if (!fields.toClassId || Object.keys(fields).length > 1) setFailure(errorMessage(error));
  };

  const seeFigures = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setFailure(null);
    setFigures(null);
    if (!toClassId) {
      setProblem("Choose the class to move to.");
      select.current?.focus();
      return;
    }
    try {
      setFigures(await quote.mutateAsync({ enrollmentId: seat.enrollmentId, toClassId }));
    } catch (error) {
      refused(error);
    }
  };

  const moveNow = () => {
    if (!figures || figures.aheadOfLine) return;
    setFailure(null);
    // The page keeps what the move did: this card is gone once the seats are read again.
    move.mutateAsync({ enrollmentId: seat.enrollmentId, toClassId }).then(onMoved, refused);
  };

  const label = moveButtonLabel(seat);
  const formId = `${id}-form`;
  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="move-rule">
        {rule}
      </p>
      <button
        ref={opener}
        type="button"
        className={`self-start ${secondaryButton}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Move to another class
      </button>
      {open && (
        <form
          id={formId}
          aria-label={label}
          className="flex min-w-0 flex-col gap-3"
          noValidate
          onSubmit={(e) => void seeFigures(e)}
          onKeyDown={(e: KeyboardEvent) => {
            // Like Cancel: not while the move is being sent.
            if (e.key === "Escape" && !move.isPending) close();
          }}
        >
          <ClassPicker
            id={`${id}-class`}
            fromClassId={seat.classId}
            today={today}
            value={toClassId}
            problem={problem}
            selectRef={select}
            onChange={(value) => {
              setToClassId(value);
              setProblem(null);
              setFailure(null);
              setFigures(null);
            }}
          />
          <div aria-live="polite" className="flex min-w-0 flex-col gap-2">
            {figures && <Figures quote={figures} />}
          </div>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {figures && !figures.aheadOfLine ? (
              <button type="button" className={actionButton} disabled={move.isPending} onClick={moveNow}>
                {move.isPending ? "Moving…" : "Move the seat"}
              </button>
            ) : (
              <button type="submit" className={secondaryButton} disabled={quote.isPending}>
                {quote.isPending ? "Working out the figures…" : "See the figures"}
              </button>
            )}
            <button type="button" className={secondaryButton} onClick={close} disabled={move.isPending}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Searches once the family pauses typing. */
function useSettled(text: string, ms = 300) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** The classes to move to; a search field shows when the list is longer than one answer holds. */
function ClassPicker({
  id,
  fromClassId,
  today,
  value,
  problem,
  selectRef,
  onChange,
}: {
  id: string;
  fromClassId: string;
  today: string;
  value: string;
  problem: string | null;
  selectRef: RefObject<HTMLSelectElement | null>;
  onChange: (classId: string) => void;
}) {
  const [draft, setDraft] = useState("");
  const search = useSettled(draft);
  const list = useClassesToMoveTo(search, true);
  const choices = classChoices(list.data?.items ?? [], fromClassId, today);
  const long = list.data?.hasMore === true || search !== "" || draft !== "";
  const hint = list.isPending
    ? "Loading the classes…"
    : list.isError
      ? undefined
      : choices.length === 0
        ? search
          ? `No class you can move to matches “${search}”.`
          : "No other class takes bookings now."
        : list.data.hasMore
          ? "Only the first classes by name show: find a class to narrow the list."
          : undefined;
  return (
    <>
      {long && (
        <Field id={`${id}-search`} label="Find a class (name)">
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            maxLength={120}
            className={inputClass}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Field>
      )}
      <Field id={id} label="Class to move to" hint={hint} error={problem ?? undefined}>
        <select
          ref={selectRef}
          id={id}
          className={inputClass}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(id, problem, hint)}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose a class</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id} disabled={c.full}>
              {c.text}
            </option>
          ))}
        </select>
      </Field>
      {list.isError && (
        <FieldError>
          The classes could not be read: {errorMessage(list.error)}{" "}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </FieldError>
      )}
    </>
  );
}

/** The API's figures as lines that add up, then the difference, or why the move is not offered. */
function Figures({ quote }: { quote: MoveQuote }) {
  const lines = moveLines(quote);
  const difference = moveDifference(quote);
  return (
    <>
      <ul aria-label="The figures" className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
        {lines.map((line) => (
          <li key={line.label} className="flex flex-col">
            <span className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{line.label}</span>
              <span className="shrink-0 tabular-nums">{signedDollars(line.cents)}</span>
            </span>
            {line.details.map((d) => (
              <span key={d} className={`ml-3 ${small}`}>
                {d}
              </span>
            ))}
          </li>
        ))}
        <li
          className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold text-slate-900 dark:border-slate-700 dark:text-white"
          data-testid="move-difference"
        >
          <span className="min-w-0 break-words">{difference.label}</span>
          <span className="shrink-0 tabular-nums">{signedDollars(difference.cents)}</span>
        </li>
      </ul>
      {quote.aheadOfLine ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
          Families are waiting for a seat in {quote.toClassName}: the seat cannot be moved there. Join its waiting list
          instead.
        </p>
      ) : quote.owedCents > 0 ? (
        <p className={small}>The difference is due today: you pay it by card on My Balance once the seat is moved.</p>
      ) : quote.refundCents > 0 ? (
        <p className={small}>The difference goes back to the card you paid with.</p>
      ) : null}
    </>
  );
}

/**
 * What the last move did, in a polite live region the page keeps mounted (the moved seat's card
 * is gone by then), with the way to pay a difference owed. It takes the focus, as the button
 * that was pressed has gone with its card.
 */
export function MoveOutcome({ moved }: { moved: SeatMoved | null }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moved) region.current?.focus();
  }, [moved]);
  const pay = moved ? payLinkText(moved.figures.owedCents) : null;
  return (
    <div
      ref={region}
      role="status"
      tabIndex={-1}
      className="flex flex-col gap-1 rounded-xl text-emerald-800 outline-none empty:hidden focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-emerald-300"
      data-testid="move-outcome"
    >
      {moved && <p className="font-medium">{moved.message}</p>}
      {pay && (
        <Link
          to="/dashboard/balance"
          className="self-start font-semibold text-orange-700 underline underline-offset-2 dark:text-orange-400"
        >
          {pay}
        </Link>
      )}
    </div>
  );
}
