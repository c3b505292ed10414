import { countOf } from "shared-auth/plural";
import { useOpenOffers } from "../lib/admin-api";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Seats offered to families on waitlists and not yet answered, soonest deadline first. */
export function OpenOffers() {
  const offers = useOpenOffers();
  if (offers.isPending) return <TableSkeleton label="Loading open offers" rows={2} />;
  if (offers.isError) {
    return <ErrorState what="The open offers" error={offers.error} onRetry={() => void offers.refetch()} />;
  }
  if (offers.data.length === 0) {
    return (
      <EmptyState title="No open offers">
        When seats free up in a class with a waitlist, the family first in line gets an offer: it shows here until they
        answer.
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label="Open waitlist offers"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {offers.data.map((o) => (
        <li key={o._id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5 text-sm">
          <span className="text-slate-800 dark:text-slate-200">
            <span className="font-semibold">{o.class_name}</span>: {o.family}, {countOf(o.size, "seat", "seats")}
          </span>
          <span className="text-slate-600 dark:text-slate-400">
            until {o.offerExpiresAt ? when.format(new Date(o.offerExpiresAt)) : "answered"}
          </span>
        </li>
      ))}
    </ul>
  );
}
