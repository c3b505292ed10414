import { useState } from "react";
import { Link } from "react-router-dom";
import { academyToday } from "shared-auth/academy-time";
import { AdminRoot } from "../components/admin-root";
import { DayPicker, FailureAlert, ReportActions, useCsvDownload } from "../components/report-actions";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { downloadAttendanceCsv, reportCells, useDayReport, type DayReport } from "../lib/attendance";
import "../styles.css";

/**
 * /dashboard/attendance: a day's attendance across every class that met (decision 046): who came,
 * who did not, late pick-ups and check-outs without a PIN, with the CSV and a printable page.
 */
export default function AttendancePage() {
  const [day, setDay] = useState(() => academyToday());
  const report = useDayReport(day);
  const csv = useCsvDownload();
  return (
    <AdminRoot>
      <PageHeading title="Attendance">
        <ReportActions csv={csv} download={() => downloadAttendanceCsv(day)} />
      </PageHeading>
      <DayPicker day={day} onChange={setDay} />
      <FailureAlert text={csv.failure} />
      {report.isPending ? (
        <TableSkeleton label="Loading the day's attendance" />
      ) : report.isError ? (
        <ErrorState what="The day's attendance" error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.classes.length === 0 ? (
        <EmptyState title="No class met that day.">Choose another day.</EmptyState>
      ) : (
        <Report data={report.data} />
      )}
    </AdminRoot>
  );
}

function Report({ data }: { data: DayReport }) {
  const t = data.totals;
  const figures: [string, number][] = [
    ["Seats", t.seats],
    ["Present", t.present],
    ["Absent", t.absent],
    ["Not seen", t.not_seen],
    ["Late pick-ups", t.late_pickups],
    ["Overrides", t.overrides],
  ];
  return (
    <>
      <dl className="mb-6 grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label="The day's totals">
        {figures.map(([label, value]) => (
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
          >
            <dt className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {data.classes.map((c) => (
        <section key={c._id} aria-labelledby={`att-${c._id}`} className="mb-6 break-inside-avoid">
          <h2 id={`att-${c._id}`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
            {c.name}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              {" "}
              · {c.start_time}–{c.end_time} · {c.instructor_name}
            </span>
          </h2>
          <p className="text-sm print:hidden">
            <Link
              to={`/dashboard/class-attendance?class=${encodeURIComponent(c._id)}`}
              className="font-semibold text-orange-800 underline dark:text-orange-300"
            >
              The whole session<span className="sr-only"> of {c.name}</span>
            </Link>
          </p>
          <div className="overflow-x-auto">
            <table className="mt-2 w-full min-w-[40rem] text-left text-sm">
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Camper
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    State
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Arrived
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Left
                  </th>
                  <th scope="col" className="py-1">
                    Note
                  </th>
                </tr>
              </thead>
              <tbody className="text-slate-900 dark:text-slate-100">
                {c.campers.map((k) => {
                  const cells = reportCells(k);
                  return (
                    <tr key={k._id} className="border-t border-slate-200 dark:border-slate-700">
                      <th scope="row" className="py-1.5 pr-3 font-semibold">
                        {k.name}
                      </th>
                      <td className="py-1.5 pr-3">{cells.state}</td>
                      <td className="py-1.5 pr-3">{cells.arrived}</td>
                      <td className="py-1.5 pr-3">{cells.left}</td>
                      <td className="py-1.5">{cells.note}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
