import type { DeskCamper } from "shared-auth/wire";
import { camperLabel, seatKey, toggleSeat, type SeatChoice } from "../../lib/front-desk";
import { classLabel, type ChosenClass } from "../../lib/discounts";
import { ClassPicker } from "../class-picker";
import { HINT, PROBLEM } from "./fields";

/**
 * The seats to book: approved classes found by name (the picker of promo codes and forms), then,
 * under each class chosen, a checkbox for each of the family's campers. Native controls only, so
 * a keyboard and a screen reader work it as any form.
 */
export function SeatPicker({
  prefix,
  campers,
  classes,
  seats,
  onChange,
  problem,
}: {
  prefix: string;
  campers: DeskCamper[];
  classes: ChosenClass[];
  seats: SeatChoice[];
  onChange: (classes: ChosenClass[], seats: SeatChoice[]) => void;
  problem?: string | undefined;
}) {
  const chosen = new Set(seats.map(seatKey));
  return (
    <div className="flex flex-col gap-4">
      <ClassPicker
        legend="Classes to book"
        chosen={classes}
        // A class taken out takes its seats with it.
        onChange={(next) => {
          const kept = new Set(next.map((c) => c._id));
          onChange(
            next,
            seats.filter((s) => kept.has(s.classId)),
          );
        }}
      />
      {classes.map((cls) => (
        <fieldset
          key={cls._id}
          className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          aria-describedby={problem ? `${prefix}-seats-problem` : undefined}
        >
          <legend className="px-1 text-sm font-semibold break-words text-slate-900 dark:text-white">
            Who takes a seat in {classLabel(cls)}
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {campers.map((camper) => {
              const seat = { classId: cls._id, camperId: camper._id };
              const inputId = `${prefix}-seat-${cls._id}-${camper._id}`;
              return (
                <div key={camper._id} className="flex min-h-8 items-center gap-2">
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={chosen.has(seatKey(seat))}
                    onChange={() => onChange(classes, toggleSeat(seats, seat))}
                    className="h-4 w-4 shrink-0 accent-orange-700"
                  />
                  <label htmlFor={inputId} className="text-sm break-words text-slate-900 dark:text-white">
                    {camperLabel(camper)}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {classes.length === 0 && <p className={HINT}>Find a class above, then choose who takes a seat in it.</p>}
      {problem && (
        <p id={`${prefix}-seats-problem`} className={PROBLEM}>
          {problem}
        </p>
      )}
    </div>
  );
}
