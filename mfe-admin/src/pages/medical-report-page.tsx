import { useState } from "react";
import { academyToday } from "shared-auth/academy-time";
import { AdminRoot } from "../components/admin-root";
import { DayPicker, FailureAlert, ReportActions, useCsvDownload } from "../components/report-actions";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import {
  classLine,
  downloadMedicalCsv,
  medicalLines,
  useMedicalReport,
  type MedicalReport,
} from "../lib/medical-report";
import { dayLabel } from "../lib/class-attendance";
import "../styles.css";

/**
 * /dashboard/medical-report: a day's allergy and medical report (decision 046): every camper of
 * the classes meeting that day with allergies, medical notes or medications, printable and as CSV.
 * Each opening is recorded in the access log, as every staff read of these details is.
 */
export default function MedicalReportPage() {
  const [day, setDay] = useState(() => academyToday());
  const report = useMedicalReport(day);
  const csv = useCsvDownload();
  return (
    <AdminRoot>
      <PageHeading title="Medical report">
        <ReportActions csv={csv} download={() => downloadMedicalCsv(day)} />
      </PageHeading>
      <p className="mb-4 text-sm text-slate-700 print:hidden dark:text-slate-300">
        Allergies, medical notes and medications of every camper in a class that meets that day. Each opening of this
        report and each download is recorded in the access log, camper by camper.
      </p>
      <DayPicker day={day} onChange={setDay} />
      <FailureAlert text={csv.failure} />
      {report.isPending ? (
        <TableSkeleton label="Loading the day's medical report" />
      ) : report.isError ? (
        <ErrorState what="The day's medical report" error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.campers.length === 0 ? (
        <EmptyState title="No medical details that day.">
          {report.data.campers_in_classes === 0
            ? "No camper holds a seat in a class that meets that day."
            : `None of the ${report.data.campers_in_classes} campers in that day's classes has allergies, medical notes or medications.`}
        </EmptyState>
      ) : (
        <Campers data={report.data} />
      )}
    </AdminRoot>
  );
}

function Campers({ data }: { data: MedicalReport }) {
  return (
    <>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        {dayLabel(data.day)}: {data.campers.length} of {data.campers_in_classes} campers in that day&apos;s classes.
      </p>
      <ul className="grid gap-3" aria-label="Campers with medical details">
        {data.campers.map((k) => (
          <li
            key={k._id}
            className="break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 print:border-slate-500"
          >
            <h2 className="font-display text-lg font-bold text-slate-900 dark:text-white">{k.name}</h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">{k.classes.map(classLine).join(" · ")}</p>
            <dl className="mt-2 grid gap-1 text-sm">
              {medicalLines(k).map((line) => (
                <div key={line.label} className="sm:flex sm:gap-2">
                  <dt className="font-semibold text-slate-800 dark:text-slate-200">{line.label}:</dt>
                  <dd className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">{line.text}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
