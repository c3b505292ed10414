import { useState, type ReactNode } from "react";
import { awardText, STATUS_TEXT } from "../../lib/aid";
import type { AdminAidApplication, AidSeason } from "../../lib/aid-types";
import { moneyText } from "../../lib/front-desk";
import { buttonStyles } from "../buttons";
import { Cell, Email, rowStyles, TableBox } from "../list-controls";
import { AwardForm, DeclineForm } from "./aid-decision";
import { AidStatement } from "./aid-statement";

const COLUMNS = ["Camper", "Family", "Household", "Asked", "Status", "Award", "Actions"];

/** What is open under a row: its statement, or a decision's form. */
type Open = { id: string; mode: "read" | "award" | "change" | "decline" } | null;

const buttonId = (id: string, mode: NonNullable<Open>["mode"]) => `aid-${mode}-${id}`;

/**
 * A season's applications: one row each (a card on a narrow screen), with Read for the family's
 * statement and, while pending, Award and Decline (once awarded, Change award). What a button opens shows under its row, one
 * at a time; closing it gives focus back to the button.
 */
export function AidApplications({
  season,
  applications,
  onDecided,
}: {
  season: AidSeason;
  applications: AdminAidApplication[];
  onDecided: (text: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);

  if (applications.length === 0) {
    return <p className="text-sm text-slate-700 dark:text-slate-300">No family has applied for {season.season} yet.</p>;
  }

  const close = () => {
    if (open) {
      // Back to the button that opened it; to Read when a decision made meanwhile took that one away.
      const { id, mode } = open;
      requestAnimationFrame(() =>
        (document.getElementById(buttonId(id, mode)) ?? document.getElementById(buttonId(id, "read")))?.focus(),
      );
    }
    setOpen(null);
  };
  // A decision takes its buttons away: the section's status says it, and takes focus.
  const decided = (a: AdminAidApplication) => {
    const changed = open?.mode === "change";
    setOpen(null);
    const who = `${a.camperName} (${a.familyName})`;
    const amount = moneyText(a.awardCents ?? 0);
    onDecided(
      a.status !== "awarded"
        ? `${who}: declined.`
        : changed
          ? `${who}: the award is now ${amount}.`
          : `${who}: awarded ${amount}.`,
    );
  };

  const button = (a: AdminAidApplication, mode: NonNullable<Open>["mode"], label: string, style: string) => (
    <button
      id={buttonId(a._id, mode)}
      type="button"
      className={style}
      // The visible word first (WCAG 2.5.3), then whose application it is.
      aria-label={`${label}: ${a.camperName}`}
      aria-expanded={open?.id === a._id && open.mode === mode}
      onClick={() => setOpen(open?.id === a._id && open.mode === mode ? null : { id: a._id, mode })}
    >
      {label}
    </button>
  );

  return (
    <TableBox label={`Applications for ${season.season}`}>
      <table className="block w-full @4xl:table @4xl:border-collapse">
        <thead className="sr-only @4xl:not-sr-only">
          <tr className="@4xl:border-b @4xl:border-slate-200 dark:@4xl:border-slate-800">
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="grid gap-3 @4xl:table-row-group">
          {applications.map((a) => (
            <ApplicationRows
              key={a._id}
              application={a}
              actions={
                <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${a.camperName}`}>
                  {button(a, "read", "Read", buttonStyles.plain)}
                  {a.status === "pending" && button(a, "award", "Award", buttonStyles.approve)}
                  {a.status === "pending" && button(a, "decline", "Decline", buttonStyles.deny)}
                  {a.status === "awarded" && button(a, "change", "Change award", buttonStyles.plain)}
                </div>
              }
              panel={
                open?.id !== a._id ? null : open.mode === "read" ? (
                  <AidStatement application={a} onClose={close} />
                ) : open.mode === "award" || open.mode === "change" ? (
                  <AwardForm
                    application={a}
                    capCents={season.camperCapCents}
                    changing={open.mode === "change"}
                    onDone={decided}
                    onCancel={close}
                  />
                ) : (
                  <DeclineForm application={a} onDone={decided} onCancel={close} />
                )
              }
            />
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

/** One application's row, and the row under it holding what is open (its own card on a narrow screen). */
function ApplicationRows({
  application: a,
  actions,
  panel,
}: {
  application: AdminAidApplication;
  actions: ReactNode;
  panel: ReactNode;
}) {
  return (
    <>
      <tr className={rowStyles}>
        <Cell kind="title" className="col-span-2">
          {a.camperName}
        </Cell>
        <Cell kind="sub" className="col-span-2">
          <span className="block">{a.familyName}</span>
          <Email address={a.familyEmail} />
        </Cell>
        <Cell kind="field" label="Household">
          {a.householdSize}
        </Cell>
        <Cell kind="field" label="Asked" className="tabular-nums">
          {moneyText(a.requestedCents)}
        </Cell>
        <Cell kind="field" label="Status">
          {STATUS_TEXT[a.status]}
          {a.decisionNote && (
            <span className="block text-xs break-words text-slate-600 dark:text-slate-400">{a.decisionNote}</span>
          )}
        </Cell>
        <Cell kind="field" label="Award">
          {awardText(a)}
        </Cell>
        <Cell kind="actions">{actions}</Cell>
      </tr>
      {panel && (
        <tr className={rowStyles}>
          <td colSpan={COLUMNS.length} className="col-span-2 @4xl:table-cell @4xl:px-2 @4xl:pb-4">
            <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">{panel}</div>
          </td>
        </tr>
      )}
    </>
  );
}
