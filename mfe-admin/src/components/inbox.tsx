import { errorMessage } from "shared-auth";
import { useContactMessages, useMarkRead } from "../lib/admin-api";
import { showFailure } from "../lib/alerts";
import { buttonStyles } from "./buttons";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The contact form's messages, newest first; unread ones stand out until marked read. */
export function ContactInbox() {
  const messages = useContactMessages();
  const mark = useMarkRead();
  if (messages.isPending) return <TableSkeleton label="Loading messages" rows={3} />;
  if (messages.isError) {
    return <ErrorState what="The messages" error={messages.error} onRetry={() => void messages.refetch()} />;
  }
  if (messages.data.length === 0)
    return <EmptyState title="No messages yet">The contact form's messages show here.</EmptyState>;
  const unread = messages.data.filter((m) => !m.read).length;
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {unread} unread of {messages.data.length}
      </p>
      <ul className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto" aria-label="Messages">
        {messages.data.map((m) => {
          const busy = mark.isPending && mark.variables?.id === m._id;
          return (
            <li
              key={m._id}
              className={`rounded-xl border p-4 ${m.read ? "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" : "border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/30"}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
                  {!m.read && (
                    <span className="mr-2 rounded-full bg-orange-700 px-2 py-0.5 text-xs text-white">Unread</span>
                  )}
                  {m.name}{" "}
                  <span className="font-normal break-all text-slate-600 dark:text-slate-400">&lt;{m.email}&gt;</span>
                </p>
                <time dateTime={m.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
                  {when.format(new Date(m.createdAt))}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                {m.message}
              </p>
              <button
                type="button"
                className={`${buttonStyles.plain} mt-3`}
                disabled={busy}
                onClick={() =>
                  mark.mutate(
                    { id: m._id, read: !m.read },
                    { onError: (error) => void showFailure("The message was not changed", errorMessage(error)) },
                  )
                }
              >
                {busy ? "Saving…" : m.read ? "Mark unread" : "Mark read"}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
