import { useId, useState } from "react";
import { errorMessage, useCampers, type ClassItem } from "shared-auth";
import { useClassAvailability, waitlistRule } from "../lib/waitlist-queries";
import { camperLabel } from "../lib/booking-state";
import type { Booking } from "../lib/use-booking";
import { CANCEL_BUTTON, PICKER_DIALOG, SUBMIT_BUTTON, useModal, useTicks } from "./picker-dialog";

/**
 * "Who waits for a seat?" (issue 30): a family with children ticks the campers who join a full
 * class's line together (they are offered seats together or not at all), in a modal <dialog>. The
 * server decides who may wait (ages, overlapping classes): its refusal is shown here, as text.
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
  const campers = useCampers();
  const live = useClassAvailability(item._id).data;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { ticked, toggle } = useTicks(() => setProblem(null));

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
          if (ticked.size === 0) {
            setProblem("Tick at least one camper.");
            return;
          }
          setBusy(true);
          booking
            .joinFor(item, [...ticked])
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

        {campers.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Loading your campers…
          </p>
        ) : campers.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Your campers could not be loaded: {errorMessage(campers.error)}
          </p>
        ) : (
          <fieldset>
            <legend className="sr-only">Campers</legend>
            <ul className="flex flex-col gap-2">
              {campers.data.map((camper) => {
                const box = `${id}-camper-${camper._id}`;
                return (
                  <li
                    key={camper._id}
                    className="rounded-xl border border-slate-300 px-4 py-3 has-checked:border-orange-600 has-checked:bg-orange-50 dark:border-slate-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950/40"
                  >
                    <div className="flex items-center gap-3">
                      <input
                        id={box}
                        type="checkbox"
                        checked={ticked.has(camper._id)}
                        disabled={busy}
                        onChange={(e) => toggle(camper._id, e.target.checked)}
                        className="h-5 w-5 shrink-0 cursor-pointer accent-orange-700"
                      />
                      <label htmlFor={box} className="cursor-pointer font-semibold break-words">
                        {camperLabel({ name: camper.name, is_self: camper.is_self })}
                      </label>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
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
          <button type="submit" disabled={busy} className={SUBMIT_BUTTON}>
            {busy ? "Joining…" : "Join waitlist"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
