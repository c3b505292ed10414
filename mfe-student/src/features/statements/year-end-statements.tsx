import { useId, useState } from "react";
import { useStudentEmail } from "shared-auth";
import type { StatementChoices } from "shared-auth/wire";
import { ErrorState, RowsSkeleton } from "../../components/states";
import { buttonSecondary, card } from "../../components/styles";
import { inputClass } from "../campers/form-ui";
import { StatementPanel } from "./statement-view";
import { downloadStatement, useStatementChoices } from "./statements-api";
import { academyYear, chooseYear, statementName } from "./statement-text";

type Child = StatementChoices["campers"][number];

/** One child: its name, Show statement (the statement opens under it) and Download PDF. */
function ChildStatement({ camper, year }: { camper: Child; year: number }) {
  const [open, setOpen] = useState(false);
  const [download, setDownload] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const headingId = useId();
  const panelId = useId();
  const name = statementName(camper.name, year);
  const save = async () => {
    setDownload({ busy: true, problem: null });
    try {
      await downloadStatement(year, camper);
      setDownload({ busy: false, problem: null });
    } catch (error) {
      setDownload({ busy: false, problem: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <li aria-labelledby={headingId} className={`flex flex-col gap-3 p-4 sm:p-6 ${card}`} data-testid="statement-child">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">
          {camper.name}
        </h3>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={`Show statement: ${name}`}
            onClick={() => setOpen((was) => !was)}
          >
            <span
              aria-hidden="true"
              className={`mr-1.5 inline-block transition-transform motion-reduce:transition-none ${open ? "rotate-90" : ""}`}
            >
              ▸
            </span>
            Show statement
          </button>
          <button
            type="button"
            className={buttonSecondary}
            aria-label={`Download PDF: ${name}`}
            aria-busy={download.busy}
            disabled={download.busy}
            onClick={() => void save()}
          >
            {download.busy ? "Preparing…" : "Download PDF"}
          </button>
        </div>
      </div>
      {download.problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {`The PDF could not be made: ${download.problem}`}
        </p>
      )}
      {/* Always there for the toggle's aria-controls; the statement is asked for only once opened. */}
      <div id={panelId} role="region" aria-label={name} hidden={!open}>
        {open && <StatementPanel year={year} camper={camper} />}
      </div>
    </li>
  );
}

/** The Year list and a row per child, the list starting at the year `chooseYear` picks. */
function StatementsByChild({ choices, paidYears }: { choices: StatementChoices; paidYears: number[] }) {
  const [picked, setPicked] = useState<number | null>(null);
  const yearId = useId();
  const year = chooseYear(choices.years, paidYears, picked);
  if (year === null) return <p className="text-slate-700 dark:text-slate-300">No year has ended yet.</p>;
  return (
    <>
      <div className="sm:max-w-xs">
        <label htmlFor={yearId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          Year
        </label>
        <select id={yearId} className={inputClass} value={year} onChange={(e) => setPicked(Number(e.target.value))}>
          {choices.years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <ul className="flex flex-col gap-3" aria-label={`Statements for ${year}, one per child`}>
        {choices.campers.map((camper) => (
          <ChildStatement key={camper._id} camper={camper} year={year} />
        ))}
      </ul>
    </>
  );
}

/**
 * Year-end statements under Payment History: for each child, what the family paid in an ended
 * year, to read here or download as a PDF. Only a family (a student's account) has children to
 * show; with none, the section is left out. `paymentDates` (the history's payments) pick the
 * year shown first.
 */
export function YearEndStatements({ paymentDates }: { paymentDates: readonly string[] }) {
  const student = useStudentEmail() !== null;
  const choices = useStatementChoices(student);
  const headingId = useId();
  if (!student || choices.data?.campers.length === 0) return null;
  const paidYears = paymentDates.map(academyYear).filter((y) => y !== null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="year-end-statements">
      <div>
        <h2 id={headingId} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Year-end statements
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          A statement of what you paid for each child in a year, for a dependent-care account or your taxes. Available
          after the year ends.
        </p>
      </div>
      {choices.isPending ? (
        <RowsSkeleton label="Loading your year-end statements" rows={1} />
      ) : choices.isError ? (
        <ErrorState what="Your year-end statements" error={choices.error} onRetry={() => void choices.refetch()} />
      ) : (
        <StatementsByChild choices={choices.data} paidYears={paidYears} />
      )}
    </section>
  );
}
