import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage, type ClassItem } from "shared-auth";
import { useCamperEligibility } from "shared-auth/queries";
import { toastSuccess } from "../lib/alerts";
import { ADDED_MESSAGE, camperLabel, listNames, type BookingOutcome } from "../lib/booking-state";
import type { Booking } from "../lib/use-booking";
import { SeatPrice } from "./price-today";
import { CANCEL_BUTTON, PICKER_DIALOG, SUBMIT_BUTTON, useModal, useTicks } from "./picker-dialog";

/**
 * "Who is this seat for?": a family with children picks the campers who take a seat in
 * the class, in a modal <dialog> (the browser keeps focus inside it, Escape closes it, the caller
 * puts focus back). Each camper the server would not book is shown disabled, its reason beside it;
 * "Add" books each ticked camper. When all went in, the dialog closes and the spec's toast shows
 * once; when the server refused some, the dialog stays open with who went in and each refusal's
 * reason, and the toast waits for the dialog to close (under the modal it would be hidden).
 * Every word here is text (names, class names and reasons are rendered by React, never as HTML).
 */
export default function CamperDialog({
  item,
  booking,
  onClose,
}: {
  item: ClassItem;
  booking: Booking;
  onClose: () => void;
}) {
  const ref = useModal();
  const id = useId();
  const eligibility = useCamperEligibility(item._id);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const [missing, setMissing] = useState(false);
  const { ticked, toggle, clear } = useTicks(() => setMissing(false));
  const list = useRef<HTMLUListElement>(null);
  const focusPlaced = useRef(false);

  // Opened before the campers arrived, the browser focused Cancel: the first camper to tick takes it.
  useEffect(() => {
    if (focusPlaced.current || !eligibility.isSuccess) return;
    focusPlaced.current = true;
    const first = list.current?.querySelector<HTMLInputElement>("input:enabled");
    if (first && ref.current?.contains(document.activeElement)) first.focus();
  }, [eligibility.isSuccess, ref]);

  const close = () => {
    if (outcome && outcome.added.length > 0) toastSuccess(ADDED_MESSAGE);
    onClose();
  };

  const campers = eligibility.data ?? [];
  const nobody = eligibility.isSuccess && !campers.some((c) => c.eligible);
  // A camper booked meanwhile (this dialog, another tab) is no longer one to add.
  const chosen = campers.filter((c) => c.eligible && ticked.has(c.camperId));

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) close();
      }}
      className={PICKER_DIALOG}
    >
      <form
        noValidate
        className="flex flex-col gap-4 p-5 sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          if (chosen.length === 0) {
            setMissing(true);
            return;
          }
          setBusy(true);
          void booking
            .bookFor(
              item,
              chosen.map((c) => ({ camperId: c.camperId, name: c.name })),
            )
            .then((done) => {
              const added = [...(outcome?.added ?? []), ...done.added];
              setBusy(false);
              clear();
              if (done.refused.length === 0) {
                if (added.length > 0) toastSuccess(ADDED_MESSAGE);
                onClose();
              } else {
                setOutcome({ added, refused: done.refused });
              }
            });
        }}
      >
        <div>
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
            Who is this seat for?
          </h2>
          <p id={`${id}-about`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="font-semibold text-slate-800 dark:text-slate-100">{item.class_name}</span>,{" "}
            <SeatPrice item={item} />. Each camper you tick takes one seat, one line in your cart.
          </p>
        </div>

        {eligibility.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Loading your campers…
          </p>
        ) : eligibility.isError ? (
          <div role="alert" className="text-sm text-red-700 dark:text-red-300">
            <p>Your campers could not be loaded: {errorMessage(eligibility.error)}</p>
            <button
              type="button"
              onClick={() => void eligibility.refetch()}
              className="mt-2 cursor-pointer font-semibold underline underline-offset-4"
            >
              Try again
            </button>
          </div>
        ) : (
          <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend className="sr-only">Campers</legend>
            <ul ref={list} className="flex flex-col gap-2">
              {campers.map((camper) => {
                const box = `${id}-camper-${camper.camperId}`;
                const why = `${box}-reason`;
                return (
                  <li
                    key={camper.camperId}
                    className={`rounded-xl border px-4 py-3 ${
                      camper.eligible
                        ? "border-slate-300 has-checked:border-orange-600 has-checked:bg-orange-50 dark:border-slate-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950/40"
                        : "border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/40"
                    }`}
                  >
                    <div className="flex items-start gap-3">
                      <input
                        id={box}
                        type="checkbox"
                        checked={camper.eligible && ticked.has(camper.camperId)}
                        disabled={!camper.eligible || busy}
                        onChange={(e) => toggle(camper.camperId, e.target.checked)}
                        aria-describedby={camper.reason ? why : undefined}
                        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-orange-700 disabled:cursor-not-allowed disabled:opacity-50"
                      />
                      <div className="min-w-0">
                        <label
                          htmlFor={box}
                          className={`font-semibold break-words ${
                            camper.eligible ? "cursor-pointer" : "text-slate-500 dark:text-slate-400"
                          }`}
                        >
                          {camperLabel(camper)}
                        </label>
                        {camper.reason && (
                          <p id={why} className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-300">
                            {camper.reason}
                          </p>
                        )}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}

        {missing && (
          <p id={`${id}-missing`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            Tick at least one camper.
          </p>
        )}
        {outcome && outcome.added.length > 0 && (
          <p role="status" className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
            Added to your cart: {listNames(outcome.added.map((c) => c.name))}.
          </p>
        )}
        {outcome && outcome.refused.length > 0 && (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            <p className="font-semibold">Not added:</p>
            <ul className="mt-1 list-disc pl-5">
              {outcome.refused.map((r) => (
                <li key={r.camperId} className="break-words">
                  {r.name}: {r.message}
                </li>
              ))}
            </ul>
          </div>
        )}

        {nobody && (
          <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            None of your campers can be added to this class.{" "}
            {/* Most reasons are put right there: a contact, a date of birth, the parents' details. */}
            <Link to="/dashboard/campers" className="text-orange-800 underline dark:text-orange-300">
              Open My Campers
            </Link>
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} disabled={busy} className={CANCEL_BUTTON}>
            {outcome ? "Close" : "Cancel"}
          </button>
          <button
            type="submit"
            disabled={busy || !eligibility.isSuccess || nobody}
            aria-busy={busy}
            className={SUBMIT_BUTTON}
          >
            {busy ? "Adding…" : "Add"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
