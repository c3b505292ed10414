import { Link, useNavigate } from "react-router-dom";
import { errorMessage, serverNow, showDialog, useStudentEmail, type WaitlistEntry } from "shared-auth";
import { useAcceptOffer, useEndWaitlistEntry, useWaitlist } from "../features/waitlist/queries";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { SCOPE_CLASS } from "../components/scope";
import { actionButton, card } from "../components/styles";
import "../styles.css";

const look = { scopeClass: SCOPE_CLASS };
const secondary =
  "inline-flex items-center justify-center rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

const when = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
});
const day = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long" });

/** An entry's state in words (the line's rule is the server's; this only says where it stands). */
function standing(entry: WaitlistEntry, now = serverNow()): string {
  switch (entry.state) {
    case "waiting":
      return `#${entry.position} in line since ${day.format(new Date(entry.joinedAt))}. Seats are offered in the order families joined${entry.size > 1 ? `, and only when there are ${entry.size} together` : ""}.`;
    case "offered": {
      const until = Date.parse(entry.offerExpiresAt!);
      return `${entry.size === 1 ? "A seat is" : `${entry.size} seats are`} kept for you until ${when.format(until)}${until > now ? "" : " (ending now)"}. Accept to pay for ${entry.size === 1 ? "it" : "them"}; nobody else can take ${entry.size === 1 ? "it" : "them"} meanwhile.`;
    }
    case "accepted":
      return "Accepted: its seats went into a checkout. Pay for them before the checkout's hold runs out (My Selected Classes).";
    case "declined":
      return "You declined this offer: its seats went to the next family in line.";
    case "expired":
      return "This offer ran out before it was accepted: its seats went to the next family in line.";
    case "left":
      return "You left this waitlist.";
    case "removed":
      return `Removed from the line${entry.endReason ? `: ${entry.endReason}` : "."}`;
  }
}

function EntryCard({ entry }: { entry: WaitlistEntry }) {
  const navigate = useNavigate();
  const end = useEndWaitlistEntry();
  const accept = useAcceptOffer();
  const busy = end.isPending || accept.isPending;
  const inLine = entry.state === "waiting" || entry.state === "offered";
  const headingId = `waitlist-${entry._id}`;
  const who = entry.campers.map((c) => c.name).join(", ");

  const finish = async (how: "leave" | "decline") => {
    const sure = await showDialog(look, {
      title: how === "leave" ? "Leave this waitlist?" : "Decline this offer?",
      text:
        how === "leave"
          ? `You lose your place in line for "${entry.class_name}". Joining again puts you at the end.`
          : `The seats kept for you in "${entry.class_name}" go to the next family in line.`,
      confirm: how === "leave" ? "Leave the waitlist" : "Decline the offer",
      cancel: "Keep my place",
      focusCancel: true,
    });
    if (!sure) return;
    end.mutate(
      { id: entry._id, how },
      {
        onError: (error) =>
          void showDialog(look, { title: "Nothing changed", text: errorMessage(error), confirm: "OK" }),
      },
    );
  };

  return (
    <li className={`${card} p-5`} aria-labelledby={headingId} data-testid="waitlist-entry" data-state={entry.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-lg font-bold text-slate-900 dark:text-white">
          <Link to={`/classes/${entry.classId}`} className="underline-offset-4 hover:underline">
            {entry.class_name}
          </Link>
        </h2>
        <span
          className={`rounded-full px-3 py-0.5 text-xs font-bold tracking-wide uppercase ${
            entry.state === "offered"
              ? "bg-emerald-700 text-white"
              : entry.state === "waiting"
                ? "bg-orange-700 text-white"
                : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
          }`}
        >
          {entry.state === "waiting" ? `#${entry.position} in line` : entry.state}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">For {who || "nobody any more"}</p>
      <p className="mt-2 text-slate-800 dark:text-slate-100">{standing(entry)}</p>
      {entry.dropped.map((d) => (
        <p key={d._id} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {d.name} was taken off this entry: {d.reason}
        </p>
      ))}
      {inLine && (
        <div className="mt-4 flex flex-wrap gap-3">
          {entry.state === "offered" && (
            <button
              type="button"
              disabled={busy}
              className={actionButton}
              onClick={() =>
                accept.mutate(entry._id, {
                  onSuccess: (checkout) => navigate(`/dashboard/payment?items=${checkout.cartItemIds.join(",")}`),
                  onError: (error) =>
                    void showDialog(look, {
                      title: "The offer was not accepted",
                      text: errorMessage(error),
                      confirm: "OK",
                    }),
                })
              }
            >
              {accept.isPending ? "Opening the payment…" : "Accept and pay"}
            </button>
          )}
          {entry.state === "offered" && (
            <button type="button" disabled={busy} className={secondary} onClick={() => void finish("decline")}>
              Decline
            </button>
          )}
          <button type="button" disabled={busy} className={secondary} onClick={() => void finish("leave")}>
            Leave the waitlist
          </button>
        </div>
      )}
    </li>
  );
}

/** /dashboard/waitlists: every waitlist entry of the family, offers first. */
export default function MyWaitlistsPage() {
  const email = useStudentEmail();
  const entries = useWaitlist();
  let body;
  if (email === null) body = <NotAStudent />;
  else if (entries.isPending) body = <RowsSkeleton label="Loading your waitlists" rows={2} />;
  else if (entries.isError)
    body = <ErrorState what="Your waitlists" error={entries.error} onRetry={() => void entries.refetch()} />;
  else if (entries.data.length === 0)
    body = (
      <EmptyState title="You are not on any waitlist" to="/classes" linkLabel="Browse classes">
        When a class is full, its Join waitlist button keeps your place in line.
      </EmptyState>
    );
  else {
    const order = { offered: 0, waiting: 1 } as Record<string, number>;
    const sorted = [...entries.data].sort((a, b) => (order[a.state] ?? 2) - (order[b.state] ?? 2));
    body = (
      <ul className="flex flex-col gap-4" aria-label="Waitlist entries">
        {sorted.map((entry) => (
          <EntryCard key={entry._id} entry={entry} />
        ))}
      </ul>
    );
  }
  return (
    <PageFrame
      title="My Waitlists"
      intro="Freed seats are offered in the order families joined; children waiting together are offered seats together. An offer keeps its seats until the deadline it shows."
    >
      {body}
    </PageFrame>
  );
}
