import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { academyWallTimeToIso, isoToAcademyWallTime } from "shared-auth/academy-time";
import {
  useClassLine,
  useMoveEntry,
  useRemoveEntry,
  useSetOpening,
  type AdminClass,
  type LineEntry,
} from "../lib/admin-api";
import { buttonStyles, inputStyles } from "./buttons";
import { EmptyState, ErrorState, TableSkeleton } from "./states";
import { useModal } from "./use-modal";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A class's registration opening and its waitlist, in a modal <dialog>: the admin sets
 * or clears the opening time (the academy's clock), reads the line (open offers, then the waiting
 * in order) and moves or removes an entry with a reason the record keeps.
 */
export function LineDialog({ item, onClose }: { item: AdminClass; onClose: () => void }) {
  const ref = useModal();
  const id = useId();
  const line = useClassLine(item._id);

  const waiting = line.data?.filter((e) => e.state === "waiting").length ?? 0;
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-6 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
            Registration and waitlist: {item.class_name}
          </h2>
          <button type="button" className={buttonStyles.plain} onClick={onClose}>
            Close
          </button>
        </div>
        <OpeningForm item={item} />
        <section aria-labelledby={`${id}-line`} className="flex flex-col gap-3">
          <h3 id={`${id}-line`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
            Waitlist
          </h3>
          {line.isPending ? (
            <TableSkeleton label="Loading the waitlist" rows={2} />
          ) : line.isError ? (
            <ErrorState what="The waitlist" error={line.error} onRetry={() => void line.refetch()} />
          ) : line.data.length === 0 ? (
            <EmptyState title="Nobody is waiting">
              Families who join this class's waitlist show here in order.
            </EmptyState>
          ) : (
            <ol className="flex flex-col gap-3" aria-label={`Waitlist of ${item.class_name}`}>
              {line.data.map((entry) => (
                <EntryItem key={entry._id} entry={entry} classId={item._id} waiting={waiting} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </dialog>
  );
}

function OpeningForm({ item }: { item: AdminClass }) {
  const id = useId();
  const setOpening = useSetOpening(item._id);
  // What the API holds now: the row the dialog opened with, then each save's answer.
  const [saved, setSaved] = useState(item.registration_opens_at);
  const [value, setValue] = useState(isoToAcademyWallTime(item.registration_opens_at));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const save = (opensAt: string | null, message: string) => {
    setProblem(null);
    setDone(null);
    setOpening.mutate(opensAt, {
      onSuccess: () => {
        setSaved(opensAt);
        setDone(message);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value === "") return save(null, "Registration is open as soon as the class is approved.");
    const iso = academyWallTimeToIso(value);
    if (!iso) return setProblem("Enter the opening as a date and a time.");
    save(iso, "Opening time saved.");
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
        Registration opening
      </h3>
      <label htmlFor={`${id}-at`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Registration opens (the academy's time, Portland)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-at`}
          type="datetime-local"
          value={value}
          min="2020-01-01T00:00"
          max="2100-12-31T23:59"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
          className={inputStyles}
        />
        <button type="submit" className={buttonStyles.primary} disabled={setOpening.isPending}>
          {setOpening.isPending ? "Saving…" : "Save opening"}
        </button>
        <button
          type="button"
          className={buttonStyles.plain}
          disabled={setOpening.isPending || saved === null}
          onClick={() => {
            setValue("");
            save(null, "Registration is open as soon as the class is approved.");
          }}
        >
          Open now
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        Until then families see a countdown and cannot book. Empty: open as soon as the class is approved.
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
          {done}
        </p>
      )}
    </form>
  );
}

function EntryItem({ entry, classId, waiting }: { entry: LineEntry; classId: string; waiting: number }) {
  const id = useId();
  const [acting, setActing] = useState<"move" | "remove" | null>(null);
  const who = entry.campers.length > 0 ? entry.campers.join(", ") : "the account holder";
  return (
    <li
      aria-labelledby={`${id}-who`}
      className="rounded-xl border border-slate-200 p-3 text-sm sm:p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={`${id}-who`} className="font-semibold text-slate-900 dark:text-white">
          {entry.state === "offered" ? "Offered" : `#${entry.position}`} · {entry.family}{" "}
          <span className="font-normal break-all text-slate-600 dark:text-slate-400">({entry.email})</span>
        </p>
        {entry.state === "offered" ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
            Offer open until {entry.offerExpiresAt ? when.format(new Date(entry.offerExpiresAt)) : "answered"}
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            Waiting
          </span>
        )}
      </div>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {countOf(entry.size, "seat", "seats")} for {who} · in line since {when.format(new Date(entry.joinedAt))}
      </p>
      {acting === null ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {entry.state === "waiting" && waiting > 1 && (
            <button type="button" className={buttonStyles.plain} onClick={() => setActing("move")}>
              Move<span className="sr-only"> {entry.family}</span>
            </button>
          )}
          <button type="button" className={buttonStyles.danger} onClick={() => setActing("remove")}>
            Remove<span className="sr-only"> {entry.family}</span>
          </button>
        </div>
      ) : (
        <ReasonForm kind={acting} entry={entry} classId={classId} waiting={waiting} onDone={() => setActing(null)} />
      )}
    </li>
  );
}

/** Move or remove an entry: both ask for the reason the entry's history keeps. */
function ReasonForm({
  kind,
  entry,
  classId,
  waiting,
  onDone,
}: {
  kind: "move" | "remove";
  entry: LineEntry;
  classId: string;
  waiting: number;
  onDone: () => void;
}) {
  const id = useId();
  const move = useMoveEntry(classId);
  const remove = useRemoveEntry(classId);
  const [position, setPosition] = useState(String(entry.position === 1 ? 2 : 1));
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem("Say why, for the record.");
    setProblem(null);
    const fail = { onSuccess: onDone, onError: (error: unknown) => setProblem(errorMessage(error)) };
    if (kind === "move") move.mutate({ id: entry._id, position: Number(position), reason: reason.trim() }, fail);
    else remove.mutate({ id: entry._id, reason: reason.trim() }, fail);
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 flex flex-col gap-2"
      aria-label={`${kind === "move" ? "Move" : "Remove"} ${entry.family}`}
    >
      {kind === "move" && (
        <>
          <label htmlFor={`${id}-to`} className="font-medium text-slate-700 dark:text-slate-300">
            New place in line
          </label>
          <select
            id={`${id}-to`}
            value={position}
            onChange={(e) => setPosition(e.target.value)}
            className={inputStyles}
          >
            {Array.from({ length: waiting }, (_, i) => i + 1)
              .filter((n) => n !== entry.position)
              .map((n) => (
                <option key={n} value={n}>
                  #{n}
                </option>
              ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-why`} className="font-medium text-slate-700 dark:text-slate-300">
        Reason (kept with the entry)
      </label>
      <input
        id={`${id}-why`}
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className={inputStyles}
        autoFocus
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={kind === "move" ? buttonStyles.primary : buttonStyles.danger} disabled={busy}>
          {busy ? "Saving…" : kind === "move" ? "Move" : "Remove from the waitlist"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
