import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import type { ChosenClass } from "../../lib/discounts";
import {
  bookingRequest,
  isWaitingLineRefusal,
  moneyText,
  paymentForm,
  placeFieldErrors,
  quoteFits,
  type FrontDeskFamily,
  type Problems,
  type Quote,
  type SeatChoice,
} from "../../lib/front-desk";
import { useBookSeats, useQuoteSeats } from "../../lib/front-desk-api";
import { buttonStyles } from "../buttons";
import { CARD, fieldId, focusFirstProblem, FormAlert, HINT, TextArea } from "./fields";
import { PaymentFields } from "./payment-fields";
import { QuoteLines } from "./quote-lines";
import { SeatPicker } from "./seat-picker";

/**
 * "Book classes" for the family: choose (class, camper) seats, price them (the API's quote, with
 * its discounts), say how the money comes in, then book. The API checks every rule again (ages,
 * overlaps, full classes) and says why it refuses; when families wait in a class's line, the
 * admin may book ahead of them with a reason.
 */
export function BookClasses({
  family,
  today,
  onBooked,
}: {
  family: FrontDeskFamily;
  today: string;
  onBooked: (text: string) => void;
}) {
  const id = useId();
  const prefix = `${id}-book`;
  const quoteSeats = useQuoteSeats(family._id);
  const book = useBookSeats(family._id);
  const [classes, setClasses] = useState<ChosenClass[]>([]);
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [payment, setPayment] = useState(() => paymentForm(0, today));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Shown once the API said families wait in a class's line: the admin may then book ahead of them.
  const [reason, setReason] = useState<string | null>(null);
  const priced = quote && quoteFits(quote, seats) ? quote : null;

  const choose = (nextClasses: ChosenClass[], nextSeats: SeatChoice[]) => {
    setClasses(nextClasses);
    setSeats(nextSeats);
    setFailure(null);
    setProblems({});
    setReason(null);
  };

  const price = () => {
    setFailure(null);
    quoteSeats.mutate(seats, {
      onSuccess: (answer) => {
        setQuote(answer);
        setPayment(paymentForm(answer.totalCents, today));
        setProblems({});
      },
      onError: (error) => setFailure(`These seats cannot be booked: ${errorMessage(error)}`),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!priced || book.isPending) return;
    const { body, problems: seen } = bookingRequest(payment, {
      seats,
      totalCents: priced.totalCents,
      today,
      ...(reason !== null && { reason }),
    });
    setProblems(seen);
    setFailure(null);
    if (Object.keys(seen).length > 0) return focusFirstProblem(prefix, seen);
    book.mutate(body, {
      onSuccess: (order) => {
        choose([], []);
        setQuote(null);
        onBooked(
          `Booked ${order.seats.length === 1 ? "1 seat" : `${order.seats.length} seats`} for ${moneyText(order.totalCents)}. ${order.owedCents > 0 ? `Owed: ${moneyText(order.owedCents)}.` : "Paid in full."}`,
        );
      },
      onError: (error) => {
        if (isWaitingLineRefusal(error) && reason === null) {
          setReason("");
          setFailure(`${errorMessage(error)} To book ahead of them, say why below and press Book again.`);
          requestAnimationFrame(() => document.getElementById(fieldId(prefix, "aheadOfLineReason"))?.focus());
          return;
        }
        const { placed, other } = placeFieldErrors(fieldErrors(error));
        setProblems(placed);
        focusFirstProblem(prefix, placed);
        setFailure([errorMessage(error), ...other].join(" "));
      },
    });
  };

  const noCampers = family.campers.length === 0;
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Book classes
      </h2>
      {noCampers ? (
        <p className={HINT}>Add a child first: each seat is a camper&apos;s.</p>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
          {!family.guardians.complete && (
            <p className="text-sm text-amber-900 dark:text-amber-200">
              The first guardian&apos;s phone and address are needed before the booking can be made.
            </p>
          )}
          <SeatPicker
            prefix={prefix}
            campers={family.campers}
            classes={classes}
            seats={seats}
            onChange={choose}
            problem={problems.seats}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={priced ? buttonStyles.plain : buttonStyles.primary}
              disabled={seats.length === 0 || quoteSeats.isPending}
              onClick={price}
            >
              {quoteSeats.isPending ? "Pricing…" : "Price these seats"}
            </button>
            {quote && !priced && seats.length > 0 && (
              <p role="status" className={HINT}>
                The seats changed: price them again.
              </p>
            )}
          </div>
          {priced && (
            <>
              <QuoteLines quote={priced} />
              {priced.totalCents > 0 ? (
                <PaymentFields
                  prefix={prefix}
                  values={payment}
                  onChange={setPayment}
                  problems={problems}
                  dueCents={priced.totalCents}
                  today={today}
                  booking
                />
              ) : (
                <p className={HINT}>Nothing to pay for these seats.</p>
              )}
              {reason !== null && (
                <TextArea
                  id={fieldId(prefix, "aheadOfLineReason")}
                  label="Reason to book ahead of the waiting line"
                  hint="Kept with the booking, for the office to read later."
                  maxLength={300}
                  aria-required
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  problem={problems.aheadOfLineReason}
                />
              )}
            </>
          )}
          {failure && <FormAlert>{failure}</FormAlert>}
          {priced && (
            <button type="submit" className={`self-start ${buttonStyles.primary}`} disabled={book.isPending}>
              {book.isPending ? "Booking…" : "Book"}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
