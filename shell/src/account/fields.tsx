import { forwardRef, useId, useState, type InputHTMLAttributes } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** A line under the field that says what it takes, read with it. */
  hint?: string;
  /** Password fields get a show/hide toggle. */
  revealable?: boolean;
};

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, revealable, type = "text", className, ...input },
  ref,
) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          ref={ref}
          id={id}
          type={revealable && shown ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none dark:bg-slate-900 dark:text-white ${
            error
              ? "border-red-500 focus:ring-red-500/40"
              : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700"
          } ${revealable ? "pr-16" : ""}`}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-indigo-700 hover:text-indigo-900 dark:text-indigo-300"
          >
            {shown ? "Hide" : "Show"}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});

/** The form-level message: what went wrong (or right), announced to screen readers. */
export function FormMessage({ kind, children }: { kind: "error" | "info"; children: React.ReactNode }) {
  return (
    <p
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg px-4 py-3 text-sm font-medium ${
        kind === "error"
          ? "bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300"
          : "bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
      }`}
    >
      {children}
    </p>
  );
}
