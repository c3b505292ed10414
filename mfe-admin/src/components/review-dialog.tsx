import { useId, useState } from "react";
import { errorMessage, formatAges, formatSession, levelLabel, sportLabel } from "shared-auth";
import { proposalRows, ReviewThread } from "shared-auth/class-review";
import type { AdminClass } from "../lib/admin-api";
import { buttonStyles, inputStyles } from "./buttons";
import { useModal } from "./use-modal";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const REASON_NEEDED = "Say why: the instructor reads it.";

/** The class's facts a family decides on, as a list of terms. */
function Facts({ item }: { item: AdminClass }) {
  const facts: [string, string | null][] = [
    ["Sport", sportLabel(item.sport)],
    ["When", formatSession(item)],
    ["Ages", formatAges(item)],
    ["Level", levelLabel(item.level)],
    ["Place", item.location],
    [
      "Price",
      item.early_price !== null && item.early_price_until
        ? `${money.format(item.price)} (early-bird ${money.format(item.early_price)} until ${item.early_price_until})`
        : money.format(item.price),
    ],
    ["Seats", `${item.enrolled_seats} enrolled of ${item.available_seats}`],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{value ?? "Not given"}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An admin's review of one class (decision 039): its facts and description, a preview of its page
 * as families will see it, the changes its instructor proposed (field, now, proposed) with Accept
 * and Reject (a rejection says why), and the review thread. A modal <dialog>.
 */
export function ReviewDialog({
  item,
  onDecide,
  onClose,
}: {
  item: AdminClass;
  onDecide: (decision: "accept" | "reject", feedback: string) => Promise<void>;
  onClose: () => void;
}) {
  const ref = useModal();
  const id = useId();
  const rows = proposalRows(item.proposed_changes, item as unknown as Record<string, unknown>);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<"accept" | "reject" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const decide = (decision: "accept" | "reject") => {
    if (decision === "reject" && !reason.trim()) {
      setProblem(REASON_NEEDED);
      return;
    }
    setBusy(decision);
    setProblem(null);
    onDecide(decision, reason.trim()).then(onClose, (error: unknown) => {
      setBusy(null);
      setProblem(errorMessage(error));
    });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-5 p-6">
        <div>
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
            Review {item.class_name}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            By {item.instructor} · <span className="capitalize">{item.status}</span>
          </p>
        </div>
        <Facts item={item} />
        <section aria-labelledby={`${id}-details`}>
          <h3 id={`${id}-details`} className="text-sm font-semibold text-slate-600 dark:text-slate-400">
            Description
          </h3>
          <p className="mt-1 text-sm whitespace-pre-wrap">{item.details || "No description."}</p>
        </section>
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a
            className="font-semibold text-indigo-700 underline dark:text-indigo-300"
            href={`/classes/${item._id}?preview=class`}
            target="_blank"
            rel="noopener"
          >
            Preview the class page<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {rows.length > 0 && (
            <a
              className="font-semibold text-indigo-700 underline dark:text-indigo-300"
              href={`/classes/${item._id}?preview=changes`}
              target="_blank"
              rel="noopener"
            >
              Preview it with the proposed changes<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </p>
        {rows.length > 0 && (
          <section aria-labelledby={`${id}-changes`} className="rounded-xl bg-amber-50 p-4 dark:bg-amber-950/40">
            <h3 id={`${id}-changes`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
              Changes proposed
              {item.proposed_at && (
                <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
                  {when.format(new Date(item.proposed_at))}
                </span>
              )}
            </h3>
            <p className="mt-1 text-sm">Families see the class as it is until you accept them.</p>
            <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Proposed changes">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Now
                    </th>
                    <th scope="col" className="py-1">
                      Proposed
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.field} className="border-t border-amber-200 align-top dark:border-amber-900">
                      <th scope="row" className="py-1 pr-3 font-semibold">
                        {r.label}
                      </th>
                      <td className="py-1 pr-3 whitespace-pre-wrap">{r.from}</td>
                      <td className="py-1 font-semibold whitespace-pre-wrap">{r.to}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rejecting && (
              <div className="mt-3 flex flex-col gap-1">
                <label htmlFor={`${id}-reason`} className="text-sm font-medium">
                  Why not (the instructor reads it)
                </label>
                <textarea
                  id={`${id}-reason`}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  rows={3}
                  maxLength={2000}
                  aria-invalid={problem === REASON_NEEDED}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  className={inputStyles}
                  autoFocus
                />
              </div>
            )}
            {problem && (
              <p id={`${id}-problem`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {problem}
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonStyles.approve}
                disabled={busy !== null}
                onClick={() => decide("accept")}
              >
                {busy === "accept" ? "Accepting…" : "Accept changes"}
              </button>
              <button
                type="button"
                className={buttonStyles.deny}
                disabled={busy !== null}
                onClick={() => (rejecting ? decide("reject") : setRejecting(true))}
              >
                {busy === "reject" ? "Rejecting…" : rejecting ? "Reject with this reason" : "Reject changes…"}
              </button>
            </div>
          </section>
        )}
        <section aria-labelledby={`${id}-thread`}>
          <h3 id={`${id}-thread`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
            Review history
          </h3>
          <div className="mt-2">
            <ReviewThread classId={item._id} className={item.class_name} />
          </div>
        </section>
        <div className="flex justify-end">
          <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={busy !== null}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
