import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { inputStyles } from "../buttons";

/** The front desk's labelled fields: each problem is its input's description, so it is read with it. */

export const LABEL = "text-sm font-medium text-slate-700 dark:text-slate-300";
export const HINT = "text-sm text-slate-600 dark:text-slate-400";
export const PROBLEM = "text-sm text-red-700 dark:text-red-300";
export const CARD =
  "flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900";

/** The ids an input is described by: its hint, then its problem. */
export function describedBy(id: string, hint?: ReactNode, problem?: string): string | undefined {
  return [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ") || undefined;
}

export function Field({
  id,
  label,
  hint,
  problem,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  problem?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={PROBLEM}>
          {problem}
        </p>
      )}
    </div>
  );
}

type Common = { id: string; label: string; hint?: ReactNode; problem?: string | undefined; className?: string };

export function TextInput({
  id,
  label,
  hint,
  problem,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  return (
    <Field id={id} label={label} hint={hint} problem={problem} className={className}>
      <input
        id={id}
        type="text"
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, hint, problem)}
        className={`${inputStyles} w-full min-w-0`}
        {...input}
      />
    </Field>
  );
}

export function TextArea({
  id,
  label,
  hint,
  problem,
  className,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  return (
    <Field id={id} label={label} hint={hint} problem={problem} className={className}>
      <textarea
        id={id}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, hint, problem)}
        className={`${inputStyles} w-full min-w-0 resize-y`}
        {...area}
      />
    </Field>
  );
}

/** What the server refused that no field shows (a 409, an unreachable server), announced. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      {children}
    </p>
  );
}

/** A field's element id from its form's prefix and its path as the API names it ("first.phone"). */
export const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/[._]/g, "-")}`;

/** Focuses the first field with a problem, in the order the problems were found. */
export function focusFirstProblem(prefix: string, problems: Record<string, string | undefined>) {
  const first = Object.keys(problems).find((key) => problems[key]);
  if (first) document.getElementById(fieldId(prefix, first))?.focus();
}
