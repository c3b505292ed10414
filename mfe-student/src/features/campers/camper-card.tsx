import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Camper, CamperPerson } from "shared-auth";
import { card } from "../../components/styles";
import { camperTitle, formatBirth, formatPerson, needsEmergencyContact } from "./camper-fields";
import { dangerButton, secondaryButton } from "./form-ui";

/** The ids the page moves focus to: a camper's heading and Edit button. */
export const camperTitleId = (camper: Pick<Camper, "_id">) => `camper-${camper._id}-title`;
export const camperEditId = (camper: Pick<Camper, "_id">) => `camper-${camper._id}-edit`;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function People({ people, none }: { people: CamperPerson[]; none: string }) {
  if (people.length === 0) return <span className="text-slate-600 dark:text-slate-400">{none}</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {people.map((p, i) => (
        <li key={i}>{formatPerson(p)}</li>
      ))}
    </ul>
  );
}

/**
 * One camper as the family sees it: name ("Myself (Sam Student)" for the account holder), date of
 * birth, medical notes, the people to call and to hand the child to, photo consent; Edit, and
 * Remove for a child. A child without an emergency contact says it cannot be booked yet.
 */
export function CamperCard({
  camper,
  today,
  removing,
  onEdit,
  onRemove,
}: {
  camper: Camper;
  today: string;
  removing: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const title = camperTitle(camper);
  const none = (text: string) => <span className="text-slate-600 dark:text-slate-400">{text}</span>;
  return (
    <article aria-labelledby={camperTitleId(camper)} className={`p-4 sm:p-5 ${card}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2
            id={camperTitleId(camper)}
            tabIndex={-1}
            className="font-display text-xl font-bold break-words text-slate-900 outline-none focus-visible:underline dark:text-white"
          >
            {title}
          </h2>
          {camper.is_self && (
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
              <span className="mr-2 inline-block rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100">
                Account holder
              </span>
              Your name is changed in{" "}
              <Link to="/settings" className="font-semibold text-orange-800 underline dark:text-orange-300">
                Settings
              </Link>
              .
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            id={camperEditId(camper)}
            type="button"
            className={secondaryButton}
            onClick={onEdit}
            aria-label={`Edit ${title}`}
          >
            Edit
          </button>
          {!camper.is_self && (
            <button
              type="button"
              className={dangerButton}
              onClick={() => {
                if (!removing) onRemove();
              }}
              // Not disabled: a disabled button loses focus, and the dialogs give focus back to it.
              aria-disabled={removing || undefined}
              aria-label={`Remove ${title}`}
            >
              {removing ? "Removing…" : "Remove"}
            </button>
          )}
        </div>
      </div>
      {camper.details_unreadable && (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-red-50 px-4 py-2.5 text-sm font-medium text-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {camper.first_name}&apos;s medical notes and contacts could not be read. Edit them and enter all of them again
          (allergies, medications, medical notes, emergency contacts and pick-up people) before booking, or ask the
          academy.
        </p>
      )}
      {needsEmergencyContact(camper) && !camper.details_unreadable && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-2.5 text-sm font-medium text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          No emergency contact yet: add one before booking {camper.first_name}&apos;s first class.
        </p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Detail term="Date of birth">
          {camper.date_of_birth ? formatBirth(camper.date_of_birth, today) : none("Not given")}
        </Detail>
        <Detail term="Photo consent">{camper.photo_consent ? "Yes" : "No"}</Detail>
        <Detail term="Allergies">{camper.allergies || none("None noted")}</Detail>
        <Detail term="Medications">{camper.medications || none("None noted")}</Detail>
        <Detail term="Medical notes">{camper.medical_notes || none("None noted")}</Detail>
        <Detail term="Emergency contacts">
          <People people={camper.emergency_contacts} none="None yet" />
        </Detail>
        {!camper.is_self && (
          <Detail term="Allowed to pick up">
            <People people={camper.pickup_people} none="Only you" />
          </Detail>
        )}
      </dl>
    </article>
  );
}
