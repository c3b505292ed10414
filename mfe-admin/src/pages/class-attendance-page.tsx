import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { apiErrorStatus, formatSession } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import { FailureAlert, ReportActions, useCsvDownload } from "../components/report-actions";
import { buttonStyles, inputStyles } from "../components/buttons";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { useClassPage } from "../lib/admin-api";
import {
  dayLabel,
  downloadSessionCsv,
  sessionCell,
  useSessionAttendance,
  type SessionAttendance,
} from "../lib/class-attendance";
import "../styles.css";

/**
 * /dashboard/class-attendance?class=<id>: one class's attendance over its session (decision 046),
 * each meeting day and camper, with the CSV and a printable page. Without a class, a search of the
 * approved classes to choose one.
 */
export default function ClassAttendancePage() {
  const [query] = useSearchParams();
  const classId = query.get("class");
  return (
    <AdminRoot>
      <p className="mb-4 text-sm print:hidden">
        <Link to="/dashboard/attendance" className="font-semibold text-orange-800 underline dark:text-orange-300">
          Back to the day&apos;s attendance
        </Link>
      </p>
      {classId ? <Sheet classId={classId} /> : <ChooseClass />}
    </AdminRoot>
  );
}

function ChooseClass() {
  const [search, setSearch] = useState("");
  const list = useClassPage({ page: 1, size: 20, search: search.trim(), sort: "name", dir: "asc", filter: "approved" });
  return (
    <>
      <PageHeading title="Class attendance" />
      <label className="mb-4 block max-w-md text-sm font-semibold text-slate-800 dark:text-slate-200">
        Find a class (name or instructor)
        <input
          type="search"
          className={`mt-1 block w-full ${inputStyles}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {list.isPending ? (
        <TableSkeleton label="Loading the classes" />
      ) : list.isError ? (
        <ErrorState what="The classes" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No approved class found.">Try another name.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Classes">
          {list.data.items.map((c) => (
            <li key={c._id}>
              <Link
                to={`/dashboard/class-attendance?class=${encodeURIComponent(c._id)}`}
                className="block rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-orange-700 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800"
              >
                <span className="font-semibold">{c.class_name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {[c.instructor, formatSession(c)].filter(Boolean).join(" · ")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Sheet({ classId }: { classId: string }) {
  const sheet = useSessionAttendance(classId);
  const csv = useCsvDownload();
  if (sheet.isPending) return <TableSkeleton label="Loading the class's attendance" />;
  if (sheet.isError)
    return apiErrorStatus(sheet.error) === 404 || apiErrorStatus(sheet.error) === 400 ? (
      <EmptyState title="No such class">It may have been deleted.</EmptyState>
    ) : (
      <ErrorState what="The class's attendance" error={sheet.error} onRetry={() => void sheet.refetch()} />
    );
  const c = sheet.data.class;
  return (
    <>
      <PageHeading title={`Attendance: ${c.name}`}>
        <ReportActions
          csv={csv}
          download={() => downloadSessionCsv(c._id, c.name)}
          before={
            <Link to={`/dashboard/myclasses?class=${encodeURIComponent(c._id)}`} className={buttonStyles.plain}>
              Roster
            </Link>
          }
        />
      </PageHeading>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        {c.instructor_name}
        {c.start_date && c.end_date && ` · ${c.start_date} to ${c.end_date}`}
        {c.start_time && c.end_time && ` · ${c.start_time}–${c.end_time}`}
      </p>
      <FailureAlert text={csv.failure} />
      {sheet.data.days.length === 0 ? (
        <EmptyState title="This class has no meeting days.">Its dates or weekdays are not set.</EmptyState>
      ) : sheet.data.campers.length === 0 ? (
        <EmptyState title="No camper holds a seat in this class.">Nothing to record yet.</EmptyState>
      ) : (
        <Matrix data={sheet.data} />
      )}
    </>
  );
}

/** Campers down, meeting days across; the camper's column stays in view while the days scroll. */
function Matrix({ data }: { data: SessionAttendance }) {
  return (
    <div
      className="overflow-x-auto print:overflow-visible"
      tabIndex={0}
      role="region"
      aria-label="Attendance by day (scrolls sideways)"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each camper&apos;s attendance on each of the class&apos;s meeting days</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="sticky left-0 bg-white py-1 pr-3 dark:bg-slate-950">
              Camper
            </th>
            <th scope="col" className="py-1 pr-3">
              Days present
            </th>
            {data.days.map((d) => (
              <th key={d.day} scope="col" className="min-w-[9rem] py-1 pr-3">
                {dayLabel(d.day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-900 dark:text-slate-100">
          {data.campers.map((k) => (
            <tr key={k._id} className="border-t border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="sticky left-0 bg-white py-1.5 pr-3 font-semibold dark:bg-slate-950">
                {k.name}
                {k.seat_cancelled && (
                  <span className="block text-xs font-normal text-slate-700 dark:text-slate-300">Seat cancelled</span>
                )}
              </th>
              <td className="py-1.5 pr-3">
                {k.present}
                {k.absent > 0 && <span className="block text-xs">({k.absent} absent)</span>}
              </td>
              {k.days.map((d, i) => {
                const cell = sessionCell(d, data.days[i]!.upcoming);
                return (
                  <td key={d.day} className="py-1.5 pr-3">
                    <span className={cell.state === "Upcoming" ? "text-slate-600 dark:text-slate-400" : "font-medium"}>
                      {cell.state}
                    </span>
                    {cell.detail.map((line) => (
                      <span key={line} className="block text-xs text-slate-700 dark:text-slate-300">
                        {line}
                      </span>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
