import type { ReactNode } from "react";

export { EmptyState, ErrorState } from "shared-auth";

/** Grey rows in the shape of a table while it loads. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-14 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ))}
      <span className="sr-only">{label}…</span>
    </div>
  );
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {children}
    </header>
  );
}
