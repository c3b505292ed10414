import { useAcademy, useAcademyFacts } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { InstructorRoot } from "../components/instructor-root";
import { ClassMessages, MessageToday } from "../components/class-messages";
import { TodayCamperRow } from "../components/today-camper";
import { EmptyState, ErrorState, ListSkeleton, PageTitle } from "../components/ui";
import { classCounts, useToday, type TodayClass } from "../lib/today";
import { useCampDayActions } from "../lib/today-queue";
import "../styles.css";

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" });

/** /dashboard/today: the classes that meet today, made for a phone on the field (decision 046). */
export default function TodayPage() {
  const today = useToday();
  const role = useAcademy((s) => s.role);
  const academy = useAcademyFacts();
  const actions = useCampDayActions();
  const waitingFor = new Set(actions.waiting.map((w) => `${w.classId}/${w.body.camper_id}`));
  return (
    <InstructorRoot>
      <div className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
        <PageTitle title="Today">
          {today.data
            ? `${dayFormat.format(new Date(`${today.data.day}T00:00:00Z`))} at ${academy.name}: check campers in and out.`
            : "The classes that meet today."}
        </PageTitle>
        {today.data && today.data.classes.length > 0 && (
          <div className="mb-4">
            <MessageToday isAdmin={role === "admin"} />
          </div>
        )}
        <div aria-live="polite" className="mb-4 flex flex-col gap-2">
          {actions.waiting.length > 0 && (
            <p className="rounded-xl border-2 border-amber-800 bg-amber-50 px-4 py-3 font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              {countOf(actions.waiting.length, "action", "actions")} waiting to send: kept on this phone and sent when
              the connection returns.{" "}
              <button type="button" className="cursor-pointer underline" onClick={() => void actions.sendNow()}>
                Send now
              </button>
            </p>
          )}
          {actions.refused.length > 0 && (
            <div
              role="alert"
              className="rounded-xl border-2 border-red-800 bg-red-50 px-4 py-3 text-red-950 dark:bg-red-950 dark:text-red-100"
            >
              <p className="font-semibold">Not recorded when sent:</p>
              <ul className="list-disc pl-5">
                {actions.refused.map((r, i) => (
                  <li key={i}>
                    {r.label}: {r.message}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="mt-1 cursor-pointer font-semibold underline"
                onClick={actions.dismissRefused}
              >
                Dismiss
              </button>
            </div>
          )}
        </div>
        {/* What was loaded stays on screen when a later refresh fails (a field with no signal). */}
        {today.data ? (
          today.data.classes.length === 0 ? (
            <EmptyState title="No classes today">
              {role === "admin" ? "No approved class meets today." : "None of your classes meets today."}
            </EmptyState>
          ) : (
            <div className="flex flex-col gap-6">
              {today.data.classes.map((c) => (
                <ClassToday key={c._id} cls={c} isAdmin={role === "admin"} waitingFor={waitingFor} act={actions.act} />
              ))}
            </div>
          )
        ) : today.isError ? (
          <ErrorState what="Today's classes" error={today.error} onRetry={() => void today.refetch()} />
        ) : (
          <ListSkeleton label="Loading today's classes" rows={2} />
        )}
      </div>
    </InstructorRoot>
  );
}

function ClassToday({
  cls,
  isAdmin,
  waitingFor,
  act,
}: {
  cls: TodayClass;
  isAdmin: boolean;
  waitingFor: Set<string>;
  act: ReturnType<typeof useCampDayActions>["act"];
}) {
  const n = classCounts(cls.campers);
  const headingId = `today-${cls._id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border-2 border-slate-300 bg-white px-4 py-4 dark:border-slate-700 dark:bg-slate-950"
    >
      <h2 id={headingId} className="font-display text-xl font-bold text-slate-950 dark:text-white">
        {cls.name}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        {cls.start_time}–{cls.end_time}
        {cls.location ? ` · ${cls.location}` : ""}
        {isAdmin ? ` · ${cls.instructor_name}` : ""}
      </p>
      <p className="mt-1 font-semibold text-slate-900 dark:text-slate-100" data-testid="class-counts">
        {n.here} here · {n.gone} gone home · {n.absent} absent · {n.notYet} not yet of {n.total}
      </p>
      {cls.campers.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">Nobody holds a seat in this class.</p>
      ) : (
        <ul className="mt-2">
          {cls.campers.map((c) => (
            <TodayCamperRow
              key={c._id}
              classId={cls._id}
              camper={c}
              isAdmin={isAdmin}
              waiting={waitingFor.has(`${cls._id}/${c._id}`)}
              act={act}
            />
          ))}
        </ul>
      )}
      <ClassMessages classId={cls._id} className={cls.name} />
    </section>
  );
}
