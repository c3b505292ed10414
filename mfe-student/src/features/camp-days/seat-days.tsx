import { useId, useState, type FormEvent } from "react";
import { academyToday } from "shared-auth/academy-time";
import { errorMessage, serverNow } from "shared-auth";
import { describedBy, Field, inputClass, secondaryButton } from "../campers/form-ui";
import { campDayLine, dayInShort, useAbsenceChanges, type FamilyCampDays } from "./camp-days";

/**
 * One seat's camp days on its card: each day so far (when the camper came and went, with whom),
 * the absences reported, and a way to report one ahead (decision 046).
 */
export function SeatDays({
  seat,
  data,
}: {
  seat: { classId: string; camperId: string; camperName: string; lastDay: string | null };
  data: FamilyCampDays;
}) {
  const id = useId();
  const changes = useAbsenceChanges();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const today = academyToday(serverNow());
  const days = data.days.filter((d) => d.class_id === seat.classId && d.camper_id === seat.camperId);
  const absences = data.absences.filter(
    (a) => a.class_id === seat.classId && a.camper_id === seat.camperId && a.day >= today,
  );
  const canReport = seat.lastDay !== null && seat.lastDay >= today;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await changes.report({ class_id: seat.classId, camper_id: seat.camperId, day, note: note.trim() || null });
      setDone(`Absence on ${dayInShort(day)} reported: the coach will know.`);
      setOpen(false);
      setDay("");
      setNote("");
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (days.length === 0 && absences.length === 0 && !canReport) return null;
  return (
    <div
      className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-2 dark:border-slate-700"
      data-testid="seat-days"
    >
      {days.length > 0 && (
        <ul className="text-sm text-slate-800 dark:text-slate-200" aria-label={`Camp days of ${seat.camperName}`}>
          {days.map((d) => (
            <li key={d.day}>{campDayLine(d)}</li>
          ))}
        </ul>
      )}
      {absences.map((a) => (
        <p key={a._id} className="text-sm text-slate-800 dark:text-slate-200">
          Reported absent {dayInShort(a.day)}
          {a.note ? ` (${a.note})` : ""}.{" "}
          <button
            type="button"
            className="cursor-pointer font-semibold text-orange-800 underline dark:text-orange-300"
            onClick={() => {
              setProblem(null);
              changes.withdraw(a._id).catch((error: unknown) => setProblem(errorMessage(error)));
            }}
          >
            Take back<span className="sr-only"> the absence on {dayInShort(a.day)}</span>
          </button>
        </p>
      ))}
      <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {done}
      </p>
      {canReport && !open && (
        <button type="button" className={`self-start ${secondaryButton}`} onClick={() => setOpen(true)}>
          Report an absence<span className="sr-only"> for {seat.camperName}</span>
        </button>
      )}
      {open && (
        <form
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-2"
          aria-label={`Report an absence for ${seat.camperName}`}
        >
          <Field id={`${id}-day`} label="Day" error={problem ?? undefined}>
            <input
              id={`${id}-day`}
              type="date"
              className={inputClass}
              required
              min={today}
              max={seat.lastDay ?? undefined}
              value={day}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy(`${id}-day`, problem)}
              onChange={(e) => setDay(e.target.value)}
            />
          </Field>
          <Field id={`${id}-note`} label="For the coach (optional)">
            <input
              id={`${id}-note`}
              className={inputClass}
              maxLength={300}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <div className="flex gap-2">
            <button type="submit" className={secondaryButton}>
              Report
            </button>
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
