import type { ReactNode } from "react";
import { inputStyles } from "./buttons";

/** The payment plan form's looks and its labelled fields with their problems (plan-form.tsx, plan-instalment-row.tsx). */
export const PROBLEM = "text-sm text-red-700 dark:text-red-300";
export const LABEL = "text-sm font-medium text-slate-700 dark:text-slate-300";
export const HINT = "text-sm text-slate-600 dark:text-slate-400";
export const INPUT = `${inputStyles} w-full min-w-0`;

/** A field's label, input, hint and problem, the problem being the input's description. */
export function fieldHelpers(problems: Record<string, string>) {
  // The field's problem is its description, so a screen reader says it with the field.
  const described = (key: string, problemId: string) => ({
    "aria-invalid": problems[key] ? true : undefined,
    "aria-describedby": problems[key] ? problemId : undefined,
  });
  const problemText = (key: string, problemId: string) =>
    problems[key] ? (
      <span id={problemId} className={PROBLEM}>
        {problems[key]}
      </span>
    ) : null;
  const field = (inputId: string, label: string, input: ReactNode, problem: ReactNode = null, hint?: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className={LABEL}>
        {label}
      </label>
      {input}
      {hint}
      {problem}
    </div>
  );

  return { described, problemText, field };
}
