import type { ReactNode } from "react";
import { errorMessage } from "../api-client";

/**
 * Nothing to show yet: says so, and offers a way on (`action`: a link or a button). The same look
 * in every remote; each remote keeps only the skeleton in the shape of its own list.
 */
export function EmptyState({
  title,
  children,
  icon,
  action,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      {icon}
      <h2 className={`${icon ? "mt-4 " : ""}font-display text-xl font-bold text-slate-900 dark:text-white`}>{title}</h2>
      {children && <div className="mx-auto mt-2 max-w-md text-slate-600 dark:text-slate-400">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** The data could not be loaded: what happened, and a retry. */
export function ErrorState({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 className="font-display text-xl font-bold text-red-800 dark:text-red-200">{what} could not be loaded</h2>
      <p className="mx-auto mt-2 max-w-md text-red-700 dark:text-red-300">{errorMessage(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-5 inline-flex items-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white shadow hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Try again
      </button>
    </div>
  );
}
