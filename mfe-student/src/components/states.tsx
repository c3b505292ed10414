import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState as SharedEmptyState } from "shared-auth";
import { actionButton } from "./styles";

/** Grey rows in the shape of a list while it loads. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li
            key={i}
            className="flex animate-pulse items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="h-14 w-14 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only">{label}…</span>
    </div>
  );
}

/** Nothing to show yet: says so, and offers a way on. */
export function EmptyState({
  title,
  children,
  to,
  linkLabel,
}: {
  title: string;
  children: ReactNode;
  to: string;
  linkLabel: string;
}) {
  return (
    <SharedEmptyState
      title={title}
      action={
        <Link to={to} className={actionButton}>
          {linkLabel}
        </Link>
      }
    >
      <p>{children}</p>
    </SharedEmptyState>
  );
}

export { ErrorState } from "shared-auth";
