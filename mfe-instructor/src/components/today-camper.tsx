import { useId, useState } from "react";
import { errorMessage } from "shared-auth";
import { actionsFor, dayLine, newClientId, type ActionBody, type Departure, type TodayCamper } from "../lib/today";
import type { useCampDayActions } from "../lib/today-queue";
import { MedicalFlag } from "./medical-flag";
import { inputClass } from "./ui";
import { fieldErrors } from "shared-auth/field-errors";

type Act = ReturnType<typeof useCampDayActions>["act"];

/** Large, high-contrast targets: a phone held in one hand, on a field in the sun. */
const big =
  "inline-flex min-h-12 min-w-24 cursor-pointer items-center justify-center rounded-xl px-4 text-base font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-wait disabled:opacity-60";
const primary = `${big} bg-green-800 text-white hover:bg-green-900`;
const plain = `${big} border-2 border-slate-800 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-200 dark:bg-slate-900 dark:text-white`;

function Badge({ tone, children }: { tone: "alert" | "note"; children: string }) {
  const colours =
    tone === "alert"
      ? "border-red-800 bg-red-50 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
      : "border-slate-700 bg-slate-50 text-slate-900 dark:border-slate-300 dark:bg-slate-900 dark:text-slate-100";
  return (
    <span className={`rounded-full border px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${colours}`}>
      {children}
    </span>
  );
}

const FORMS: Partial<Record<TodayCamper["forms"], string>> = { missing: "Forms missing", late: "Forms late" };

/** One camper on the Today list: flags, the day so far, and what can be done now. */
export function TodayCamperRow({
  classId,
  camper,
  isAdmin,
  waiting,
  act,
}: {
  classId: string;
  camper: TodayCamper;
  isAdmin: boolean;
  waiting: boolean;
  act: Act;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const can = actionsFor(camper.attendance.state);
  const name = camper.name;

  const run = async (action: ActionBody["action"], label: string, departure?: Departure) => {
    setBusy(true);
    setProblem(null);
    try {
      await act(
        classId,
        camper.attendance,
        { camper_id: camper._id, action, client_id: newClientId(), departure },
        label,
      );
      setCheckingOut(false);
      return null;
    } catch (error) {
      const message = fieldErrors(error).pin ?? errorMessage(error);
      setProblem(message);
      return message;
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 border-b border-slate-300 py-4 last:border-b-0 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-950 dark:text-white">{name}</h3>
        <div className="flex flex-wrap gap-1.5">
          {camper.not_here_yet && <Badge tone="alert">Not here yet</Badge>}
          {camper.absence_reported && (
            <Badge tone="note">{`Family reported absent${camper.absence_reported.note ? `: ${camper.absence_reported.note}` : ""}`}</Badge>
          )}
          {camper.late_pickup && <Badge tone="alert">Late pick-up</Badge>}
          {waiting && <Badge tone="note">Waiting to send</Badge>}
          {!camper.photo_consent && <Badge tone="note">No photos</Badge>}
          {FORMS[camper.forms] && <Badge tone="alert">{FORMS[camper.forms]!}</Badge>}
          {camper.details_unreadable && <Badge tone="note">Details unreadable: ask the family</Badge>}
        </div>
      </div>
      {camper.medical_flag && <MedicalFlag classId={classId} camperId={camper._id} camperName={name} />}
      <p className="text-slate-800 dark:text-slate-200" data-testid="day-line">
        {dayLine(camper.attendance)}
      </p>
      <div className="flex flex-wrap gap-2">
        {can.checkIn && (
          <button
            type="button"
            className={primary}
            disabled={busy}
            onClick={() => void run("check_in", `Check in ${name}`)}
            aria-label={`Check in ${name}`}
          >
            Check in
          </button>
        )}
        {can.absent && (
          <button
            type="button"
            className={plain}
            disabled={busy}
            onClick={() => void run("absent", `Mark ${name} absent`)}
            aria-label={`Mark ${name} absent`}
          >
            Absent
          </button>
        )}
        {can.checkOut && !checkingOut && (
          <button
            type="button"
            className={primary}
            disabled={busy}
            onClick={() => setCheckingOut(true)}
            aria-label={`Check out ${name}`}
          >
            Check out
          </button>
        )}
        {can.undo && (
          <button
            type="button"
            className={plain}
            disabled={busy}
            onClick={() => void run("undo", `Undo for ${name}`)}
            aria-label={`Undo the last action for ${name}`}
          >
            Undo
          </button>
        )}
      </div>
      {problem && !checkingOut && (
        <p role="alert" className="font-semibold text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      {checkingOut && (
        <CheckOut
          camper={camper}
          isAdmin={isAdmin}
          busy={busy}
          problem={problem}
          onCancel={() => {
            setCheckingOut(false);
            setProblem(null);
          }}
          onSubmit={(departure) => void run("check_out", `Check out ${name}`, departure)}
        />
      )}
    </li>
  );
}

/** Who collects the camper: a person allowed this season (with their PIN), alone, or an admin's override. */
function CheckOut({
  camper,
  isAdmin,
  busy,
  problem,
  onCancel,
  onSubmit,
}: {
  camper: TodayCamper;
  isAdmin: boolean;
  busy: boolean;
  problem: string | null;
  onCancel: () => void;
  onSubmit: (departure: Departure) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<string>(
    camper.pickup_people[0]?._id ?? (camper.may_leave_alone ? "alone" : isAdmin ? "override" : ""),
  );
  const [pin, setPin] = useState("");
  const [note, setNote] = useState("");
  const person = camper.pickup_people.find((p) => p._id === choice);
  const nobody = camper.pickup_people.length === 0 && !camper.may_leave_alone && !isAdmin;

  if (nobody)
    return (
      <div
        role="alert"
        className="rounded-xl border-2 border-red-800 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-semibold">Nobody is allowed to collect {camper.name} this season.</p>
        <p>Keep {camper.name} with you and call the office: an admin can check them out.</p>
        <button type="button" className={`${plain} mt-3`} onClick={onCancel}>
          Close
        </button>
      </div>
    );

  return (
    <form
      className="flex flex-col gap-4 rounded-xl border-2 border-slate-800 bg-white p-4 dark:border-slate-300 dark:bg-slate-900"
      onSubmit={(e) => {
        e.preventDefault();
        if (person) onSubmit({ kind: "pickup", person_id: person._id, pin });
        else if (choice === "alone") onSubmit({ kind: "alone" });
        else if (choice === "override") onSubmit({ kind: "override", note });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold text-slate-950 dark:text-white">Who is collecting {camper.name}?</legend>
        {camper.pickup_people.map((p) => (
          <label
            key={p._id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-slate-900 dark:text-slate-100"
          >
            <input
              type="radio"
              name={`${id}-who`}
              className="h-5 w-5"
              checked={choice === p._id}
              onChange={() => setChoice(p._id)}
            />
            {p.name} ({p.relation}){p.guardian ? ", guardian" : ""}
          </label>
        ))}
        {camper.may_leave_alone && (
          <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-slate-900 dark:text-slate-100">
            <input
              type="radio"
              name={`${id}-who`}
              className="h-5 w-5"
              checked={choice === "alone"}
              onChange={() => setChoice("alone")}
            />
            Leaves alone (the family allows it)
          </label>
        )}
        {isAdmin && (
          <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-slate-900 dark:text-slate-100">
            <input
              type="radio"
              name={`${id}-who`}
              className="h-5 w-5"
              checked={choice === "override"}
              onChange={() => setChoice("override")}
            />
            Someone else: admin override
          </label>
        )}
      </fieldset>
      {person && (
        <div>
          <label htmlFor={`${id}-pin`} className="block font-semibold text-slate-900 dark:text-white">
            {person.name}'s PIN
          </label>
          <input
            id={`${id}-pin`}
            className={`${inputClass} max-w-40 text-2xl tracking-widest`}
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={pin}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ""))}
          />
        </div>
      )}
      {choice === "override" && (
        <div>
          <label htmlFor={`${id}-note`} className="block font-semibold text-slate-900 dark:text-white">
            Who collected, and why without a PIN
          </label>
          <textarea
            id={`${id}-note`}
            className={inputClass}
            rows={2}
            maxLength={500}
            required
            minLength={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="font-semibold text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={busy || choice === ""}>
          Check out {camper.name}
        </button>
        <button type="button" className={plain} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
