import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { api } from "shared-auth";
import { countOf } from "shared-auth/plural";
// One entry of a class's line (GET /classes/:id/waitlist): offers first, then the waiting in order.
import type { LineEntry } from "shared-auth/wire";
import { EmptyState, ErrorState, ListSkeleton } from "./ui";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A class's waitlist for its instructor: who holds an offer and until when, then who
 * waits, in order, since when and for how many seats. Admins move or remove entries (Manage Classes).
 */
export function ClassLine({ classId, className }: { classId: string; className: string }) {
  const titleId = useId();
  const line = useQuery({
    queryKey: ["line", classId],
    queryFn: async () => (await api.get<LineEntry[]>(`/classes/${classId}/waitlist`)).data,
  });
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="font-display text-lg font-bold text-slate-900 dark:text-white">
        Waitlist of {className}
      </h3>
      {line.isPending ? (
        <ListSkeleton label="Loading the waitlist" rows={2} />
      ) : line.isError ? (
        <ErrorState what="The waitlist" error={line.error} onRetry={() => void line.refetch()} />
      ) : line.data.length === 0 ? (
        <EmptyState title="Nobody is waiting">
          When this class is full, families can join its waitlist; they show here in order.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {line.data.map((e) => (
            <li key={e._id} className="rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">
                {e.state === "offered" ? "Offered" : `#${e.position}`} · {e.family}{" "}
                <span className="font-normal break-all text-slate-600 dark:text-slate-400">({e.email})</span>
              </p>
              <p className="mt-0.5 text-slate-700 dark:text-slate-300">
                {countOf(e.size, "seat", "seats")}
                {e.campers.length > 0 && ` for ${e.campers.join(", ")}`} · in line since{" "}
                {when.format(new Date(e.joinedAt))}
                {e.state === "offered" &&
                  e.offerExpiresAt &&
                  ` · offer open until ${when.format(new Date(e.offerExpiresAt))}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
