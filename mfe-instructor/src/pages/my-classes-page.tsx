import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  ACADEMY,
  api,
  formatAges,
  formatSession,
  levelLabel,
  queryKeys,
  ImageOrInitials,
  useAcademy,
} from "shared-auth";
import { ClassForm } from "../components/class-form";
import { ClassLine } from "../components/class-line";
import { InstructorRoot } from "../components/instructor-root";
import { Roster } from "../components/roster";
import { EmptyState, ErrorState, ListSkeleton, PageTitle, secondaryClass } from "../components/ui";
import { fieldList, proposalRows, ReviewThread } from "shared-auth/class-review";
import { ClassRoster } from "../components/class-roster";
import { sessionFormValues, toWire } from "../lib/class-fields";
import { money, useMyClasses, type MyClass } from "../lib/my-classes";
import "../styles.css";

const BADGE: Record<MyClass["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
  denied: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
};

/** What saving an update does, by the class's status (decision 039). */
export const EDIT_NOTICE: Record<MyClass["status"], string> = {
  approved:
    "Changes to the name, description, price, sport, dates, times, ages, level, place, venue, drop-off or pick-up wait for an admin's review: families see the class as it is until then. Seats, the picture, what to bring and the registration opening change at once.",
  pending: "This class is waiting for an admin's review: your update is part of it.",
  denied: "Saving an update sends this class for review again.",
};

/** What a saved update did, from the API's answer (decision 039). */
export function savedMessage(before: MyClass["status"], answer: { proposed_fields?: string[] }): string {
  const waiting = answer.proposed_fields ?? [];
  if (before === "approved" && waiting.length > 0)
    return `Saved. Your changes to ${fieldList(waiting)} wait for an admin's review; families see the class as before until then.`;
  if (before === "approved") return "Class updated.";
  if (before === "denied") return "Class updated and sent for review again.";
  return "Class updated: it is still waiting for review.";
}

const opensFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: ACADEMY.timeZone,
});

/**
 * /dashboard/myclasses: the caller's classes with status, feedback, roster and the Update flow.
 * With `?class=<id>`, one class's roster: how an admin opens the roster from Manage Classes.
 */
export default function MyClassesPage() {
  const [params] = useSearchParams();
  const one = params.get("class");
  if (one) return <ClassRoster classId={one} />;
  return <AllMyClasses />;
}

function AllMyClasses() {
  const classes = useMyClasses();
  const role = useAcademy((s) => s.role);
  const [params] = useSearchParams();
  const status = params.get("status");
  const shown = classes.data?.filter((c) => !status || c.status === status) ?? [];
  return (
    <InstructorRoot>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <PageTitle title="My Classes">Your classes, their review status and the admins' feedback.</PageTitle>
        {classes.isPending ? (
          <ListSkeleton label="Loading your classes" />
        ) : classes.isError ? (
          <ErrorState what="Your classes" error={classes.error} onRetry={() => void classes.refetch()} />
        ) : shown.length === 0 && status ? (
          <EmptyState title={`No ${status} classes`}>
            <Link to="/dashboard/myclasses" className="font-semibold text-orange-800 underline dark:text-orange-300">
              Show all your classes
            </Link>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title="No classes yet">
            {role === "instructor" ? (
              <p>
                <Link to="/dashboard/addclass" className="font-semibold text-orange-800 underline dark:text-orange-300">
                  Add a class
                </Link>{" "}
                and it shows here while the admins review it.
              </p>
            ) : (
              <p>Classes you teach show here. Instructors add classes; students find theirs under Enrolled Classes.</p>
            )}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-5">
            {shown.map((c) => (
              <ClassItem key={c._id} item={c} />
            ))}
          </ul>
        )}
      </div>
    </InstructorRoot>
  );
}

/** The changes waiting for an admin, field by field: what families see now, and what was proposed. */
function Proposed({ item }: { item: MyClass }) {
  const rows = proposalRows(item.proposed_changes, item as unknown as Record<string, unknown>);
  if (rows.length === 0) return null;
  return (
    <div className="rounded-xl bg-sky-50 p-3 text-sm dark:bg-sky-950/40" data-testid="proposed-changes">
      <p className="font-semibold text-sky-950 dark:text-sky-100">Changes waiting for an admin&apos;s review</p>
      <ul className="mt-1 text-slate-800 dark:text-slate-200">
        {rows.map((r) => (
          <li key={r.field}>
            {r.label}: {r.to} <span className="text-slate-600 dark:text-slate-400">(families see {r.from})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClassItem({ item }: { item: MyClass }) {
  const [editing, setEditing] = useState(false);
  const [showRoster, setShowRoster] = useState(false);
  const [showLine, setShowLine] = useState(false);
  const [showThread, setShowThread] = useState(false);
  // A saved update closes the form and says so here, with focus back on the Update button.
  const [saved, setSaved] = useState<string | null>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const email = useAcademy((s) => s.user?.email ?? "");
  const headingId = `class-${item._id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <ImageOrInitials
          src={item.image}
          alt=""
          name={item.class_name}
          className="aspect-[8/5] w-full shrink-0 rounded-xl object-cover text-4xl sm:w-48"
        />
        <div className="flex flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="font-display text-xl font-bold text-slate-900 dark:text-white">
              {item.class_name}
            </h2>
            <span className={`rounded-full px-3 py-0.5 text-sm font-semibold capitalize ${BADGE[item.status]}`}>
              <span className="sr-only">Status: </span>
              {item.status}
            </span>
          </div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="my-class-session">
            {[formatSession(item) ?? "No session dates yet", formatAges(item), levelLabel(item.level)]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Enrolled</dt>
              <dd className="font-semibold">{item.enrolled_seats}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Capacity</dt>
              <dd className="font-semibold">{item.available_seats}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Price</dt>
              <dd className="font-semibold">{money(item.price)}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Waitlist</dt>
              <dd className="font-semibold" data-testid="line-count">
                {item.waiting_entries} waiting{item.offered_seats > 0 && ` · ${item.offered_seats} offered`}
              </dd>
            </div>
          </dl>
          {item.registration_opens_at && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <span className="font-semibold">Registration opens: </span>
              {opensFormat.format(new Date(item.registration_opens_at))} (Portland time)
            </p>
          )}
          <div className="text-sm">
            <span className="font-semibold">Feedback: </span>
            <span data-testid="feedback" className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">
              {item.feedback || "No feedback yet."}
            </span>
          </div>
          <Proposed item={item} />
          <div className="mt-1 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryClass}
              aria-expanded={editing}
              ref={updateButton}
              onClick={() => {
                setSaved(null);
                setEditing(!editing);
              }}
            >
              Update
            </button>
            <button
              type="button"
              className={secondaryClass}
              aria-expanded={showRoster}
              onClick={() => setShowRoster(!showRoster)}
            >
              {showRoster ? "Hide students" : "Students"}
            </button>
            <button
              type="button"
              className={secondaryClass}
              aria-expanded={showLine}
              onClick={() => setShowLine(!showLine)}
            >
              {showLine ? "Hide waitlist" : "Waitlist"}
            </button>
            <button
              type="button"
              className={secondaryClass}
              aria-expanded={showThread}
              onClick={() => setShowThread(!showThread)}
            >
              {showThread ? "Hide review history" : "Review history"}
            </button>
          </div>
        </div>
      </div>
      {saved && (
        <p role="status" className="mt-3 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
          {saved}
        </p>
      )}
      {showRoster && (
        <div className="mt-4">
          <Roster classId={item._id} className={item.class_name} session={formatSession(item) ?? undefined} />
        </div>
      )}
      {showThread && (
        <div className="mt-4">
          <ReviewThread classId={item._id} className={item.class_name} />
        </div>
      )}
      {showLine && (
        <div className="mt-4">
          <ClassLine classId={item._id} className={item.class_name} />
        </div>
      )}
      {editing && (
        <div className="mt-4">
          <ClassForm
            mode="edit"
            notice={EDIT_NOTICE[item.status]}
            submitLabel={item.status === "pending" ? "Update" : "Save changes"}
            initial={{
              class_name: item.class_name,
              image: item.image,
              price: String(item.price),
              available_seats: String(item.available_seats),
              enrolled_seats: String(item.enrolled_seats),
              details: item.details,
              ...sessionFormValues(item),
            }}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              const { data } = await api.patch<{ proposed_fields?: string[] }>(`/classes/${item._id}`, {
                ...toWire(values),
                image: values.image,
              });
              await queryClient.invalidateQueries({ queryKey: queryKeys.myClasses(email) });
              const done = savedMessage(item.status, data);
              setEditing(false);
              setSaved(done);
              updateButton.current?.focus();
              return done;
            }}
          />
        </div>
      )}
    </li>
  );
}
