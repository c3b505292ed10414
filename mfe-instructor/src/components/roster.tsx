import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { flushSync } from "react-dom";
import { api, errorMessage } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { telHref } from "shared-auth/contact-format";
import { downloadAttendanceCsv, downloadRosterCsv } from "../lib/roster-export";
import {
  ageLabel,
  medicalLines,
  PRINTING_ATTR,
  ROSTER_ATTR,
  rosterPrintCss,
  sortRoster,
  type MedicalDetails,
  type RosterEntry,
} from "../lib/roster";
import { CamperForms } from "./camper-forms";
import { MedicalFlag } from "./medical-flag";
import { ErrorState, secondaryClass } from "./ui";

const PRINT_CSS = rosterPrintCss();

/*
 * A row is a card of its own while the roster's box is narrower than 48rem (a phone, a tablet
 * beside the sidebar), and a table row from there on and on paper (`print:`), whatever its width.
 */
const tableStyles = "block w-full text-left text-sm @3xl:table @3xl:border-collapse print:table print:border-collapse";
const headStyles = "sr-only @3xl:not-sr-only print:not-sr-only";
const bodyStyles = "grid gap-3 @3xl:table-row-group print:table-row-group";
const rowStyles =
  "grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 " +
  "@3xl:table-row @3xl:rounded-none @3xl:bg-transparent @3xl:p-0 @3xl:shadow-none @3xl:ring-0 dark:@3xl:bg-transparent " +
  "print:table-row print:p-0 print:shadow-none print:ring-0";
const thStyles =
  "px-2 py-2 align-bottom text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400 print:px-1 print:text-black";
const cellStyles =
  "block text-slate-800 dark:text-slate-200 " +
  "@3xl:table-cell @3xl:border-t @3xl:border-slate-200 @3xl:px-2 @3xl:py-3 @3xl:align-top dark:@3xl:border-slate-700 " +
  "print:table-cell print:border-t print:border-slate-500 print:px-1 print:py-1.5 print:align-top";
/** A field's label, written before its value in a card (the table has its column headings). */
const fieldStyles =
  `${cellStyles} border-t border-slate-100 pt-2 dark:border-slate-800 ` +
  "before:mb-0.5 before:block before:text-xs before:font-semibold before:tracking-wide before:text-slate-600 before:uppercase before:content-[attr(data-label)] dark:before:text-slate-400 " +
  "@3xl:before:hidden print:before:hidden";

const COLUMNS = ["Camper", "Age", "Medical", "Emergency contacts", "Pick-up", "Photos", "Parent"] as const;

/**
 * The campers in one class (GET /classes/:id/roster), for its instructor: who, how old on the
 * first day, whether anything medical is noted (the details on demand), whom to call, who may
 * collect them, photo consent, and the parent. It prints on its own and downloads as CSV.
 */
export function Roster({ classId, className, session }: { classId: string; className: string; session?: string }) {
  const titleId = useId();
  const [printing, setPrinting] = useState(false);
  // Each camper's medical details, fetched for one printout (each read recorded) and dropped after it.
  const [printed, setPrinted] = useState<Map<string, MedicalDetails> | null>(null);
  const [printProblem, setPrintProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const roster = useQuery({
    queryKey: ["roster", classId],
    queryFn: async () => (await api.get<RosterEntry[]>(`/classes/${classId}/roster`)).data,
    // Every read of the roster is recorded by the API: no re-reads just because the window got focus.
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!printing) return;
    const done = () => {
      setPrinting(false);
      setPrinted(null);
    };
    window.addEventListener("afterprint", done);
    return () => window.removeEventListener("afterprint", done);
  }, [printing]);

  async function print() {
    setPrintProblem(null);
    setPreparing(true);
    let details: MedicalDetails[];
    try {
      details = (await api.get<MedicalDetails[]>(`/classes/${classId}/roster/medical`)).data;
    } catch (error) {
      setPrintProblem(errorMessage(error));
      return;
    } finally {
      setPreparing(false);
    }
    // The details and the attribute must be on the page before the browser lays it out for paper.
    flushSync(() => {
      setPrinted(new Map(details.map((d) => [d._id, d])));
      setPrinting(true);
    });
    window.print();
  }

  return (
    <section
      aria-labelledby={titleId}
      className="@container"
      {...{ [ROSTER_ATTR]: "", [PRINTING_ATTR]: printing ? "" : undefined }}
    >
      {/* The print rules (lib/roster.ts): hoisted into <head> once, whatever the number of rosters. */}
      <style href="mfe-instructor-roster-print" precedence="default">
        {PRINT_CSS}
      </style>
      <h3 id={titleId} className="sr-only print:not-sr-only print:font-display print:text-2xl print:font-bold">
        Roster: {className}
      </h3>
      {session && <p className="hidden print:mb-3 print:block print:text-sm">{session}</p>}
      {roster.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the roster…
        </p>
      ) : roster.isError ? (
        <ErrorState what="The roster" error={roster.error} onRetry={() => void roster.refetch()} />
      ) : roster.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No students are enrolled in {className} yet.</p>
      ) : (
        <>
          <RosterActions
            classId={classId}
            className={className}
            count={roster.data.length}
            onPrint={() => void print()}
            preparing={preparing}
          />
          {printProblem && (
            <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300 print:hidden">
              The roster was not printed: its medical details could not be loaded ({printProblem}).
            </p>
          )}
          <RosterTable classId={classId} className={className} rows={sortRoster(roster.data)} printed={printed} />
        </>
      )}
    </section>
  );
}

function RosterActions({
  classId,
  className,
  count,
  onPrint,
  preparing,
}: {
  classId: string;
  className: string;
  count: number;
  onPrint: () => void;
  preparing: boolean;
}) {
  const [exporting, setExporting] = useState<"roster" | "attendance" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = (what: "roster" | "attendance") => {
    setExporting(what);
    setProblem(null);
    (what === "roster" ? downloadRosterCsv : downloadAttendanceCsv)(classId, className)
      .catch((error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setExporting(null));
  };
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{countOf(count, "camper", "campers")}</p>
        <div className="flex flex-wrap gap-2 print:hidden">
          <button type="button" className={secondaryClass} onClick={onPrint} disabled={preparing} aria-busy={preparing}>
            {preparing ? "Preparing…" : "Print roster"}
          </button>
          <button
            type="button"
            className={secondaryClass}
            disabled={exporting !== null}
            aria-busy={exporting === "roster"}
            onClick={() => download("roster")}
          >
            {exporting === "roster" ? "Exporting…" : "Export CSV"}
          </button>
          <button
            type="button"
            className={secondaryClass}
            disabled={exporting !== null}
            aria-busy={exporting === "attendance"}
            onClick={() => download("attendance")}
          >
            {exporting === "attendance" ? "Exporting…" : "Attendance CSV"}
          </button>
        </div>
      </div>
      {problem && (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300 print:hidden">
          The export failed: {problem}
        </p>
      )}
    </>
  );
}

function RosterTable({
  classId,
  className,
  rows,
  printed,
}: {
  classId: string;
  className: string;
  rows: RosterEntry[];
  printed: Map<string, MedicalDetails> | null;
}) {
  return (
    <table className={tableStyles}>
      <caption className="sr-only">Campers enrolled in {className}</caption>
      {/* Cards label their fields themselves; the headings stay for screen readers. */}
      <thead className={headStyles}>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className={thStyles}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyStyles}>
        {rows.map((row) => (
          <RosterRow key={row.camper._id} classId={classId} row={row} printed={printed?.get(row.camper._id)} />
        ))}
      </tbody>
    </table>
  );
}

function People({ list, none }: { list: RosterEntry["guardians"]; none: string }) {
  if (list.length === 0) return <span className="text-slate-600 dark:text-slate-400">{none}</span>;
  return (
    <ul className="flex flex-col gap-1">
      {list.map((p, i) => (
        <li key={i}>
          {p.name} ({p.relation}),{" "}
          <a
            href={telHref(p.phone)}
            className="whitespace-nowrap text-orange-800 underline dark:text-orange-300 print:no-underline"
          >
            {p.phone}
          </a>
        </li>
      ))}
    </ul>
  );
}

function RosterRow({
  classId,
  row,
  printed,
}: {
  classId: string;
  row: RosterEntry;
  printed: MedicalDetails | undefined;
}) {
  const { camper } = row;
  return (
    <tr className={rowStyles}>
      {/* A plain cell, not a row header: the card's title is the camper's name alone. */}
      <td
        className={`${cellStyles} text-lg font-bold break-words text-slate-900 dark:text-white @3xl:text-base print:text-base`}
      >
        {camper.name}
        {(row.forms === "missing" || row.forms === "late") && (
          <span className="block text-sm font-semibold text-red-800 dark:text-red-300">{`Forms ${row.forms}`}</span>
        )}
        {row.forms !== "none" && <CamperForms classId={classId} camperId={camper._id} camperName={camper.name} />}
      </td>
      <td data-label="Age on the first day" className={fieldStyles}>
        {ageLabel(camper.age)}
      </td>
      <td data-label="Allergies and medical" className={fieldStyles}>
        {camper.medical_flag ? (
          <MedicalFlag classId={classId} camperId={camper._id} camperName={camper.name} />
        ) : (
          <span className="text-slate-600 dark:text-slate-400">None noted</span>
        )}
        {printed && <PrintedMedical details={printed} />}
      </td>
      <td data-label="Emergency contacts" className={fieldStyles}>
        <People list={camper.emergency_contacts} none="None given" />
      </td>
      <td data-label="Authorised pick-up" className={fieldStyles}>
        <People list={camper.pickup_people} none="None listed" />
      </td>
      <td data-label="Photo consent" className={fieldStyles}>
        {camper.photo_consent ? "Yes" : <span className="font-semibold text-red-800 dark:text-red-300">No photos</span>}
      </td>
      {/* Wide enough for an address's two halves, each broken only when longer than that. */}
      <td data-label="Parent" className={`${fieldStyles} @3xl:min-w-40 print:min-w-40`}>
        <span className="block font-medium">
          {row.name}
          {camper.is_self && <span className="font-normal text-slate-600 dark:text-slate-400"> (own booking)</span>}
        </span>
        <EmailAddress address={row.email} />
        {/* Who to call about the child: the parents' own details, given before the first booking. */}
        {row.guardians.length > 0 && (
          <div className="mt-1">
            <People list={row.guardians} none="" />
          </div>
        )}
      </td>
    </tr>
  );
}

/** An e-mail address that breaks before its "@" first, and anywhere in a column too narrow for its parts. */
function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf("@");
  return (
    <span className="block [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      )}
    </span>
  );
}

/** On paper only: the camper's allergies, medical notes and medications, for the coach on the field. */
function PrintedMedical({ details }: { details: MedicalDetails }) {
  return (
    <dl className="hidden text-sm print:mt-1 print:block" data-testid="printed-medical">
      {details.details_unreadable ? (
        <div>
          <dt className="font-semibold">Details</dt>
          <dd>Could not be read: ask the family.</dd>
        </div>
      ) : (
        medicalLines(details).map((line) => (
          <div key={line.label}>
            <dt className="inline font-semibold">{line.label}: </dt>
            <dd className="inline whitespace-pre-line">{line.text}</dd>
          </div>
        ))
      )}
    </dl>
  );
}
