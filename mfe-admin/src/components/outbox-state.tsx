import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { countOf } from "shared-auth/plural";
import type { OutboxState } from "shared-auth/wire";
import { retryTransient } from "../lib/admin-api";
import { waitedFor } from "../lib/outbox";
import { ErrorState } from "./states";

/** What `GET /admin/outbox` answers. */
export type { OutboxState };

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function useOutboxState() {
  return useQuery({
    queryKey: ["admin", "outbox"] as const,
    queryFn: async () => (await api.get<OutboxState>("/admin/outbox")).data,
    retry: retryTransient,
    refetchInterval: 60_000,
  });
}

function Body() {
  const state = useOutboxState();
  if (state.isPending) {
    return (
      <div role="status" aria-label="Loading the e-mail outbox" className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div
            key={i}
            aria-hidden="true"
            className="h-20 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
          />
        ))}
      </div>
    );
  }
  if (state.isError) {
    return <ErrorState what="The e-mail outbox" error={state.error} onRetry={() => void state.refetch()} />;
  }
  const { queued, failed, oldestQueuedAt } = state.data;
  const oldest = oldestQueuedAt ? new Date(oldestQueuedAt) : null;
  const box = "rounded-2xl border bg-white p-4 dark:bg-slate-900";
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className={`${box} border-slate-200 dark:border-slate-800`}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Waiting to be sent</dt>
          <dd className="mt-1 font-display text-3xl font-bold text-slate-900 dark:text-white">{queued}</dd>
        </div>
        <div
          className={`${box} ${failed > 0 ? "border-red-300 dark:border-red-800" : "border-slate-200 dark:border-slate-800"}`}
        >
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Given up</dt>
          <dd
            className={`mt-1 font-display text-3xl font-bold ${failed > 0 ? "text-red-700 dark:text-red-400" : "text-slate-900 dark:text-white"}`}
          >
            {failed}
          </dd>
        </div>
        <div className={`${box} border-slate-200 dark:border-slate-800`}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Oldest waiting</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
            {oldest ? (
              <time dateTime={oldest.toISOString()}>{`${waitedFor(oldest, new Date())} ago`}</time>
            ) : (
              "Nothing waiting"
            )}
          </dd>
          {oldest && <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">since {when.format(oldest)}</dd>}
        </div>
      </dl>
      {queued === 0 && failed === 0 && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Every e-mail has been sent.</p>
      )}
      {failed > 0 && (
        <p className="mt-3 text-sm text-red-700 dark:text-red-400">
          {countOf(failed, "e-mail was", "e-mails were")} refused by the mail server or failed too often, and will not
          be tried again.
        </p>
      )}
    </>
  );
}

/** Admin Home's panel: how the e-mail outbox stands (decision 032). */
export function OutboxStatePanel() {
  return (
    <section aria-labelledby="outbox-state" className="mt-8">
      <h2 id="outbox-state" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
        E-mail outbox
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
        Receipts, offers and reviews wait here until the mail server takes them; a failed send is tried again.
      </p>
      <Body />
    </section>
  );
}
