import { useState } from "react";
import { formatSession, ImageOrInitials } from "shared-auth";
import type { SeatMoved } from "shared-auth/wire";
import { useEnrolled } from "shared-auth/queries";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { buttonSecondary, card } from "../components/styles";
import { enrolmentKey, seatFor } from "../features/campers/seat";
import { AddToCalendar } from "../features/calendar/add-to-calendar";
import { useCancelSeat } from "../features/cancellations/cancel-seat";
import { CancelledSeats, useCancelledSeats } from "../features/cancellations/cancelled-seats";
import { CancellationPolicy, useCancellationPolicy } from "../features/cancellations/policy";
import { useFamilyCampDays } from "../features/camp-days/camp-days";
import { SeatDays } from "../features/camp-days/seat-days";
import { useSeatMoves } from "../features/moves/move-api";
import { MoveOutcome, MoveSeat } from "../features/moves/move-seat";
import "../styles.css";

export default function EnrolledClassesPage() {
  const enrolled = useEnrolled();
  const cancel = useCancelSeat();
  // Seats given up stay listed, cancelled (a failure to read them leaves the seats held alone).
  const cancelled = useCancelledSeats().data ?? [];
  // The camp days are extra: a failure to read them leaves the cards as they are.
  const campDays = useFamilyCampDays().data;
  const policy = useCancellationPolicy().data;
  const moves = useSeatMoves(policy);
  // What the last move did is the page's to say: the moved seat's card is gone once the list is read again.
  const [moved, setMoved] = useState<SeatMoved | null>(null);
  return (
    <PageFrame title="My Enrolled Classes">
      <MoveOutcome moved={moved} />
      {enrolled.isPending ? (
        <RowsSkeleton label="Loading your enrolled classes" />
      ) : enrolled.isError ? (
        <ErrorState what="Your enrolled classes" error={enrolled.error} onRetry={() => void enrolled.refetch()} />
      ) : enrolled.data.length === 0 && cancelled.length === 0 ? (
        <EmptyState title="No enrolled classes yet" to="/classes" linkLabel="Browse classes">
          Classes you have paid for show here with their instructor, one card for each camper enrolled.
        </EmptyState>
      ) : (
        <>
          {enrolled.data.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">You hold no seat now: your cancelled seats are below.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your enrolled classes">
              {enrolled.data.map((c) => (
                <li key={enrolmentKey(c)} className={`overflow-hidden ${card}`}>
                  <ImageOrInitials
                    src={c.image}
                    alt=""
                    name={c.class_name}
                    width={320}
                    height={200}
                    className="aspect-[8/5] w-full bg-slate-200 object-cover text-4xl dark:bg-slate-800"
                  />
                  <div className="flex flex-col gap-1 p-4">
                    <h2 className="font-display text-lg font-bold break-words text-slate-900 dark:text-white">
                      {c.class_name}
                    </h2>
                    {/* Whose seat: two children in one class are two cards. */}
                    <p className="font-medium text-indigo-800 dark:text-indigo-300" data-testid="enrolled-camper">
                      {seatFor(c.camper_name)}
                    </p>
                    <p className="text-slate-600 dark:text-slate-400">Instructor: {c.instructor}</p>
                    {formatSession(c) && (
                      <p className="font-medium text-slate-800 dark:text-slate-200" data-testid="enrolled-session">
                        {formatSession(c)}
                      </p>
                    )}
                    {c.location && <p className="text-sm text-slate-600 dark:text-slate-400">Place: {c.location}</p>}
                    <p className="text-sm break-all text-slate-600 dark:text-slate-400">{c.email}</p>
                    {c.enrollmentId && (
                      <AddToCalendar
                        enrollmentId={c.enrollmentId}
                        label={`${c.class_name} ${seatFor(c.camper_name)}`}
                      />
                    )}
                    {campDays && c.camperId && (
                      <SeatDays
                        seat={{
                          classId: c._id,
                          camperId: c.camperId,
                          camperName: c.camper_name?.trim() || "you",
                          lastDay: c.end_date,
                        }}
                        data={campDays}
                      />
                    )}
                    {c.enrollmentId && (
                      <button
                        type="button"
                        className={`mt-2 self-start ${buttonSecondary}`}
                        disabled={cancel.pending !== undefined}
                        aria-busy={cancel.pending === c.enrollmentId}
                        onClick={() => void cancel.run(c.enrollmentId!)}
                      >
                        {cancel.pending === c.enrollmentId ? "Cancelling…" : "Cancel seat"}
                        <span className="sr-only">
                          {" "}
                          in {c.class_name} {seatFor(c.camper_name)}
                        </span>
                      </button>
                    )}
                    {moves.canMove(c) && (
                      <MoveSeat
                        seat={{
                          enrollmentId: c.enrollmentId,
                          classId: c._id,
                          className: c.class_name,
                          camperName: c.camper_name?.trim() ?? "",
                        }}
                        rule={moves.rule}
                        today={moves.today}
                        onMoved={setMoved}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {cancelled.length > 0 && <CancelledSeats seats={cancelled} />}
          <CancellationPolicy />
          {/* Where families may not move seats themselves, who does (the rule is beside each seat otherwise). */}
          {policy?.moveText && policy.moveDays === null && (
            <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300" data-testid="move-policy">
              {policy.moveText}
            </p>
          )}
        </>
      )}
    </PageFrame>
  );
}
