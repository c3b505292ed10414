import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import type { Schemas } from "shared-auth/wire";
import { changeRows } from "./changes";

type Thread = Schemas["ClassReviewThread"];
type Entry = Thread[number];

/** A class's review thread (GET /classes/:id/reviews), for its instructor and the admins. */
export function useClassReviews(classId: string, enabled = true) {
  return useQuery({
    queryKey: ["classes", classId, "reviews"],
    enabled,
    queryFn: async () => (await api.get<Thread>(`/classes/${encodeURIComponent(classId)}/reviews`)).data,
  });
}

const WHAT: Record<Entry["kind"], string> = {
  resubmitted: "sent the class for review again",
  changes_proposed: "proposed changes",
  approved: "approved the class",
  denied: "denied the class",
  changes_accepted: "accepted the proposed changes",
  changes_rejected: "did not accept the proposed changes",
  feedback: "wrote",
};

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The thread, oldest first: who did what and when, their words, and the changes field by field. */
export function ReviewThread({ classId, className }: { classId: string; className: string }) {
  const thread = useClassReviews(classId);
  if (thread.isPending)
    return <p className="text-sm text-slate-600 dark:text-slate-400">Loading the review history…</p>;
  if (thread.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        The review history could not be loaded.{" "}
        <button type="button" className="font-semibold underline" onClick={() => void thread.refetch()}>
          Try again
        </button>
      </p>
    );
  if (thread.data.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing in the review history yet.</p>;
  return (
    <ol aria-label={`Review history of ${className}`} className="flex flex-col gap-3 text-sm">
      {thread.data.map((entry) => {
        const rows = changeRows(entry.changes as Record<string, { from?: unknown; to?: unknown }> | null);
        const withdrawn = entry.kind === "changes_proposed" && rows.length === 0;
        return (
          <li key={entry._id} className="border-l-4 border-slate-300 pl-3 dark:border-slate-600">
            <p className="text-slate-600 dark:text-slate-400">
              <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
              {" · "}
              <span className="font-semibold text-slate-800 dark:text-slate-200">
                {entry.author ?? "A former user"}
              </span>{" "}
              {withdrawn ? "withdrew the proposed changes" : WHAT[entry.kind]}
            </p>
            {entry.message && (
              <p className="mt-1 whitespace-pre-wrap text-slate-800 dark:text-slate-200">{entry.message}</p>
            )}
            {rows.length > 0 && (
              <ul className="mt-1 text-slate-700 dark:text-slate-300">
                {rows.map((r) => (
                  <li key={r.field}>
                    {r.label}: {r.from} → {r.to}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
