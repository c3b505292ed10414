import type { ReactNode } from "react";

/** A labelled field with its error message, linked for screen readers. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The outcome of a form, read aloud when it appears. */
export function FormResult({ result }: { result: { ok: boolean; message: string } | null }) {
  return (
    <div role="status" aria-live="polite">
      {result && (
        <p
          className={`rounded-xl px-4 py-3 text-sm font-medium ${
            result.ok
              ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200"
              : "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200"
          }`}
        >
          {result.message}
        </p>
      )}
    </div>
  );
}
