import { useId, useState } from "react";
import { errorMessage, type ClassItem } from "shared-auth";
import { useCamperEligibility } from "shared-auth/queries";
import { useClassAvailability, waitlistRule } from "../lib/waitlist-queries";
import { camperLabel } from "../lib/booking-state";
import type { Booking } from "../lib/use-booking";
import { CANCEL_BUTTON, PICKER_DIALOG, SUBMIT_BUTTON, useModal, useTicks } from "./picker-dialog";

/**
 * "Who waits for a seat?": a family with children ticks the campers who join a full
 * class's line together (they are offered seats together or not at all), in a modal <dialog>. The
 * server decides who may wait (ages, overlapping classes, a seat already held): each camper it
 * would refuse is shown disabled with its reason before anything is sent, as the booking dialog
 * does; a refusal at joining (something changed meanwhile) is shown here too, as text.
 */
export default function WaitlistDialog({
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
  const eligibility = useCamperEligibility(item._id, "waitlist");
  const live = useClassAvailability(item._id).data;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { ticked, toggle } = useTicks(() => setProblem(null));
  const campers = eligibility.data ?? [];
  const nobody = eligibility.isSuccess && !campers.some((c) => c.eligible);
  // A camper the server would refuse is never sent, even if ticked before its answer changed.
  const chosen = campers.filter((c) => c.eligible && ticked.has(c.camperId)).map((c) => c.camperId);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
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
            setProblem("Tick at least one camper.");
            return;
          }
          setBusy(true);
          booking
            .joinFor(item, chosen)
            .then((entry) => {
              onClose();
              void booking.announceJoined(item, entry);
            })
            .catch((error: unknown) => {
              setBusy(false);
              setProblem(errorMessage(error));
            });
        }}
      >
        <div>
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
            Who waits for a seat?
          </h2>
          <p id={`${id}-about`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="font-semibold text-slate-800 dark:text-slate-100">{item.class_name}</span> is full. The
            campers you tick wait together in its line. {waitlistRule(live?.offer_seconds)}
          </p>
        </div>

        {eligibility.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Loading your campers…
          </p>
        ) : eligibility.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Your campers could not be loaded: {errorMessage(eligibility.error)}
          </p>
        ) : (
          <fieldset>
            <legend className="sr-only">Campers</legend>
            <ul className="flex flex-col gap-2">
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

        {nobody && (
          <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            None of your campers can join this waitlist.
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm font-semibold break-words text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={CANCEL_BUTTON}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy || !eligibility.isSuccess || nobody}
            aria-busy={busy}
            className={SUBMIT_BUTTON}
          >
            {busy ? "Joining…" : "Join waitlist"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
