import { useId, useState, type ReactNode } from "react";
import { countOf } from "shared-auth/plural";
import { addressLine, telHref } from "shared-auth/contact-format";
import {
  birthLine,
  classLabel,
  detailText,
  enrolmentDates,
  personLine,
  readTime,
  reasonLabel,
  useAccessLog,
  useFamily,
  waitlistLine,
  type FamilyCamper,
} from "../lib/family";
import { buttonStyles } from "./buttons";
import { FamilyPayments } from "./family-payments";
import { SeatCancel } from "./seat-cancel";
import { Email } from "./list-controls";
import { ErrorState } from "./states";
import { useModal } from "./use-modal";

const badge = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-bold";

/**
 * A family as the academy holds it (GET /users/:id/family), in a modal <dialog>: the account
 * holder, then each camper with their details, their seats, and who read their details. Focus
 * stays inside while it is open, Escape closes it, and focus goes back to the Family button.
 */
export function FamilyDialog({ user, onClose }: { user: { _id: string; name: string }; onClose: () => void }) {
  const ref = useModal();
  const id = useId();
  const family = useFamily(user._id);

  const today = new Date().toISOString().slice(0, 10);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(48rem,calc(100vw-1rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-5 p-4 sm:p-6">
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
              Family of {user.name}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Every opening of a family is recorded in the access log.
            </p>
          </div>
          <button type="button" className={buttonStyles.plain} onClick={onClose} autoFocus>
            Close
          </button>
        </header>
        {family.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Loading the family…
          </p>
        ) : family.isError ? (
          <ErrorState what="The family" error={family.error} onRetry={() => void family.refetch()} />
        ) : (
          <>
            <dl className="grid gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr] dark:bg-slate-800/60">
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Account holder</dt>
              <dd>{family.data.holder.name}</dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">E-mail</dt>
              <dd>
                <Email address={family.data.holder.email} />
              </dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Parents and guardians</dt>
              <dd>
                {family.data.guardians.length === 0 ? (
                  "Not given yet (needed before the first booking)"
                ) : (
                  <ul className="flex flex-col gap-1">
                    {family.data.guardians.map((g) => (
                      <li key={g.position} className="break-words">
                        <span className="font-medium">{g.name}</span> ({g.relation}),{" "}
                        <a href={telHref(g.phone)} className="underline">
                          {g.phone}
                        </a>
                        {g.position === 2 && (
                          <>
                            , <Email address={g.email} />
                          </>
                        )}
                        <span className="block text-slate-600 dark:text-slate-400">{addressLine(g)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Campers</dt>
              <dd>
                {countOf(family.data.campers.filter((c) => !c.removed).length, "camper", "campers")}
                {family.data.campers.some((c) => c.removed) &&
                  `, ${countOf(family.data.campers.filter((c) => c.removed).length, "removed", "removed")}`}
              </dd>
            </dl>
            {family.data.campers.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No campers yet: this account has booked nothing.
              </p>
            ) : (
              <ul className="flex flex-col gap-4" aria-label="Campers">
                {family.data.campers.map((camper) => (
                  <CamperCard
                    key={camper._id}
                    camper={camper}
                    today={today}
                    onSeatsChanged={() => void family.refetch()}
                  />
                ))}
              </ul>
            )}
            <section aria-labelledby={`${id}-payments`} className="flex flex-col gap-2">
              <h3 id={`${id}-payments`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
                Payments
              </h3>
              <FamilyPayments email={family.data.holder.email} />
            </section>
          </>
        )}
      </div>
    </dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-100 pt-2 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3 dark:border-slate-800">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase sm:pt-0.5 dark:text-slate-400">
        {label}
      </dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

function People({ list, none }: { list: FamilyCamper["emergency_contacts"]; none: string }) {
  if (list.length === 0) return <>{none}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {list.map((p, i) => (
        <li key={i}>{personLine(p)}</li>
      ))}
    </ul>
  );
}

function CamperCard({
  camper,
  today,
  onSeatsChanged,
}: {
  camper: FamilyCamper;
  today: string;
  onSeatsChanged: () => void;
}) {
  const headingId = useId();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const none = camper.removed ? "Deleted with the camper" : "None given";
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-2xl border p-4 ${
        camper.removed
          ? "border-dashed border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900"
          : "border-slate-200 dark:border-slate-700"
      }`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-display text-lg font-bold text-slate-900 dark:text-white">
          {camper.name}
        </h3>
        {camper.is_self && (
          <span className={`${badge} border-indigo-700 text-indigo-900 dark:border-indigo-300 dark:text-indigo-200`}>
            Account holder
          </span>
        )}
        {camper.removed && (
          <span className={`${badge} border-slate-700 text-slate-800 dark:border-slate-300 dark:text-slate-200`}>
            Removed
          </span>
        )}
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        <Field label="Date of birth">{birthLine(camper, today)}</Field>
        <Field label="Allergies">{detailText(camper.allergies, camper.removed)}</Field>
        <Field label="Medical notes">{detailText(camper.medical_notes, camper.removed)}</Field>
        <Field label="Medications">{detailText(camper.medications, camper.removed)}</Field>
        <Field label="Emergency contacts">
          <People list={camper.emergency_contacts} none={none} />
        </Field>
        <Field label="Authorised pick-up">
          <People list={camper.pickup_people} none={camper.removed ? none : "None listed"} />
        </Field>
        <Field label="Photo consent">{camper.removed ? none : camper.photo_consent ? "Yes" : "No"}</Field>
        <Field label="Enrolments">
          {camper.enrolments.length === 0 ? (
            "None"
          ) : (
            <ul className="flex flex-col gap-0.5">
              {camper.enrolments.map((e) => (
                <li key={e.classId}>
                  <span className="font-medium">{e.class_name}</span>, {enrolmentDates(e)}
                  <SeatCancel enrollmentId={e._id} label={`${e.class_name}, ${camper.name}`} onDone={onSeatsChanged} />
                </li>
              ))}
            </ul>
          )}
        </Field>
        <Field label="Waitlists">
          {camper.waitlist.length === 0 ? (
            "None"
          ) : (
            <ul className="flex flex-col gap-0.5" data-testid="family-waitlist">
              {camper.waitlist.map((w) => (
                <li key={w.entryId}>
                  <span className="font-medium">{w.class_name}</span>: {waitlistLine(w)}
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>
      <button
        type="button"
        className={`${buttonStyles.plain} mt-3`}
        aria-expanded={showLog}
        aria-controls={logId}
        aria-label={`${showLog ? "Hide who read the details" : "Who read the details"}: ${camper.name}`}
        onClick={() => setShowLog(!showLog)}
      >
        {showLog ? "Hide who read the details" : "Who read the details"}
      </button>
      <div id={logId} className="mt-2">
        {showLog && <CamperReads camperId={camper._id} />}
      </div>
    </li>
  );
}

const CAMPER_READS = 10;

/** The newest reads of one camper's details (GET /admin/access-log?camperId=). */
function CamperReads({ camperId }: { camperId: string }) {
  const log = useAccessLog({ page: 1, size: CAMPER_READS, camperId });
  if (log.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Loading the reads…
      </p>
    );
  }
  if (log.isError) return <ErrorState what="The reads" error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.items.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">Nobody has read these details yet.</p>;
  }
  return (
    <>
      <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
        {log.data.total > log.data.items.length
          ? `The newest ${log.data.items.length} of ${log.data.total} reads (all of them in the access log on Admin Home).`
          : countOf(log.data.total, "read", "reads")}
      </p>
      <ul
        aria-label="Who read the details"
        className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-700"
      >
        {log.data.items.map((r) => (
          <li key={r._id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:flex-wrap sm:gap-x-3">
            <span className="font-semibold text-slate-900 dark:text-white">{reasonLabel(r.reason)}</span>
            <span>
              {r.reader.name ? (
                <>
                  <span className="[overflow-wrap:anywhere]">{r.reader.name}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    (<Email address={r.reader.email} />, {r.reader.role})
                  </span>
                </>
              ) : (
                <>
                  <Email address={r.reader.email} />{" "}
                  <span className="text-slate-600 dark:text-slate-400">({r.reader.role})</span>
                </>
              )}
            </span>
            {r.reason !== "family" && (
              <span
                className={
                  classLabel(r).known ? "[overflow-wrap:anywhere]" : "text-slate-600 italic dark:text-slate-400"
                }
              >
                {classLabel(r).text}
              </span>
            )}
            <time dateTime={r.readAt} className="text-slate-600 sm:ml-auto dark:text-slate-400">
              {readTime(r.readAt)}
            </time>
          </li>
        ))}
      </ul>
    </>
  );
}
