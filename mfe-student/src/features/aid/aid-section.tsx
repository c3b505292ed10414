import { useEffect, useRef, useState } from "react";
import { apiErrorStatus, ErrorState } from "shared-auth";
import { card } from "../../components/styles";
import { secondaryButton } from "../campers/form-ui";
import { cents } from "../pricing/money";
import { useFamilyAid } from "./aid-api";
import { AidApplicationForm } from "./aid-application-form";
import { requestText, statusText } from "./aid-text";
import type { AidApplication, AidCamper } from "./aid-types";

const applyButtonId = (camperId: string) => `aid-apply-${camperId}`;

/** A camper's application as the family reads it: what the office decided, then what was asked. */
function ApplicationState({ application }: { application: AidApplication }) {
  return (
    <>
      <p className="font-medium break-words text-slate-900 dark:text-white">{statusText(application)}</p>
      {application.status === "awarded" && application.decisionNote && (
        <p className="break-words text-sm text-slate-700 dark:text-slate-300">
          Note from the office: {application.decisionNote}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">{requestText(application)}</p>
    </>
  );
}

/**
 * Financial aid on My Campers: the season the academy offers aid for, its own words about it,
 * and for each camper their application's state, or "Apply for <name>" while applications are
 * open. Shows nothing at all when the academy offers no aid, nor when the API has no such call
 * yet (a remote can be deployed before the API that serves it).
 */
export function AidSection() {
  const aid = useFamilyAid();
  // The camper whose form is open: one form at a time, as with the campers' own forms.
  const [applying, setApplying] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; refused: boolean; n: number } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // What came of an application is said where focus can find it: the form may be gone.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (aid.isPending) return null;
  if (aid.isError) {
    if (apiErrorStatus(aid.error) === 404) return null;
    return <ErrorState what="Financial aid" error={aid.error} onRetry={() => void aid.refetch()} />;
  }
  const { season, campers, applications } = aid.data;
  if (!season) return null;

  const thisSeason = applications.filter((a) => a.season === season.season);
  const applicationOf = (camperId: string) => thisSeason.find((a) => a.camperId === camperId);
  // A camper removed since applying keeps their application on the list.
  const rows: AidCamper[] = [
    ...campers,
    ...thisSeason
      .filter((a) => !campers.some((c) => c._id === a.camperId))
      .map((a) => ({ _id: a.camperId, name: a.camperName })),
  ];

  // A form whose camper has an application by now (sent from another tab: the API's 409 reloads
  // the list) or whose season closed meanwhile is gone: the other campers' buttons come back.
  const formFor = applying !== null && season.open && !applicationOf(applying) ? applying : null;

  const say = (text: string, refused = false) => setNotice((n) => ({ text, refused, n: (n?.n ?? 0) + 1 }));

  const closeForm = (camperId: string) => {
    setApplying(null);
    requestAnimationFrame(() => document.getElementById(applyButtonId(camperId))?.focus());
  };

  return (
    <section aria-labelledby="aid-title" className={`flex flex-col gap-3 p-4 sm:p-5 ${card}`}>
      <h2 id="aid-title" className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Financial aid for {season.season}
      </h2>
      {/* The academy's words, shown as text: a line break stays one, markup is never read as such. */}
      {season.intro && (
        <p className="break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{season.intro}</p>
      )}
      {season.open ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Apply for each camper on their own, up to {cents(season.camperCapCents)} per camper. An award is taken off
          that camper&apos;s seats at checkout; the office answers by e-mail.
        </p>
      ) : (
        <p className="font-medium text-slate-900 dark:text-white">Applications are closed.</p>
      )}
      <p
        ref={noticeRef}
        role="status"
        tabIndex={-1}
        className={
          !notice
            ? "sr-only"
            : notice.refused
              ? "font-medium text-red-700 dark:text-red-400"
              : "font-medium text-emerald-800 dark:text-emerald-300"
        }
      >
        {notice?.text}
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Add a child above to apply for them.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={`Financial aid for ${season.season} by camper`}>
          {rows.map((camper) => {
            const application = applicationOf(camper._id);
            return (
              <li
                key={camper._id}
                className="flex min-w-0 flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800"
              >
                <h3 className="font-semibold break-words text-slate-900 dark:text-white">{camper.name}</h3>
                {application ? (
                  <ApplicationState application={application} />
                ) : !season.open ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">No application for {season.season}.</p>
                ) : formFor === camper._id ? (
                  <AidApplicationForm
                    camper={camper}
                    season={season.season}
                    capCents={season.camperCapCents}
                    onCancel={() => closeForm(camper._id)}
                    onSent={(sent) => {
                      setApplying(null);
                      say(`Your application for ${camper.name} was sent. ${statusText(sent)}.`);
                    }}
                    onRefused={(message) => say(`${camper.name}: nothing was sent. ${message}`, true)}
                  />
                ) : formFor === null ? (
                  <div>
                    <button
                      id={applyButtonId(camper._id)}
                      type="button"
                      className={secondaryButton}
                      onClick={() => {
                        setNotice(null);
                        setApplying(camper._id);
                      }}
                    >
                      Apply for {camper.name}
                    </button>
                  </div>
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-400">No application yet.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
