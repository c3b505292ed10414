import { Link } from "react-router-dom";
import { money, STATE_LABEL, useDiscounts } from "../lib/discounts";
import { ErrorState, TableSkeleton } from "./states";

/** Admin Home: what each promo code brought, from GET /discounts. */
export function CodeFigures() {
  const list = useDiscounts();
  if (list.isPending) return <TableSkeleton label="Loading the promo codes" rows={2} />;
  if (list.isError) return <ErrorState what="The promo codes" error={list.error} onRetry={() => void list.refetch()} />;
  const codes = list.data.filter((d) => d.kind === "code");
  if (codes.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No promo codes yet.{" "}
        <Link to="/dashboard/discounts" className="font-semibold underline">
          Add one on Discounts
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="What each code brought">
      {codes.map((d) => (
        <li
          key={d._id}
          className="rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="font-mono font-semibold break-words text-slate-900 dark:text-white">{d.code}</p>
          <p className="text-slate-600 dark:text-slate-400">
            {d.name} · {d.summary}
            {d.state === "active" ? "" : ` · ${STATE_LABEL[d.state].toLowerCase()}`}
          </p>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Orders</dt>
              <dd className="font-semibold tabular-nums">{d.uses.orders}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Revenue</dt>
              <dd className="font-semibold tabular-nums">{money(d.uses.revenueCents)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Given</dt>
              <dd className="font-semibold tabular-nums">{money(d.uses.discountCents)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
