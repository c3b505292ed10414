import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import type { RosterEntry } from "../lib/my-classes";
import { ErrorState } from "./ui";

/** The students enrolled in one class (GET /classes/:id/roster). */
export function Roster({ classId, className }: { classId: string; className: string }) {
  const roster = useQuery({
    queryKey: ["roster", classId],
    queryFn: async () => (await api.get<RosterEntry[]>(`/classes/${classId}/roster`)).data,
  });
  if (roster.isPending)
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Loading the students…
      </p>
    );
  if (roster.isError)
    return <ErrorState what="The students" error={roster.error} onRetry={() => void roster.refetch()} />;
  if (roster.data.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No students are enrolled in {className} yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Students enrolled in {className}</caption>
        <thead className="text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              E-mail
            </th>
            <th scope="col" className="py-2 font-semibold">
              Enrolled
            </th>
          </tr>
        </thead>
        <tbody>
          {roster.data.map((s) => (
            <tr key={s.email} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-4">{s.name}</td>
              <td className="py-2 pr-4 break-all">{s.email}</td>
              <td className="py-2 whitespace-nowrap">
                {new Date(s.enrolledAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
