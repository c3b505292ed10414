import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage } from "shared-auth";
import type { PlanSettings } from "shared-auth/wire";
import { buttonStyles, inputStyles } from "./buttons";
import { ErrorState, TableSkeleton } from "./states";

const KEY = ["plan-settings"] as const;
const WHOLE = /^\d{1,2}$/;

/** A whole number from `min` to `max` typed in a field, or null. */
const wholeIn = (value: string, min: number, max: number) => {
  const typed = value.trim();
  return WHOLE.test(typed) && Number(typed) >= min && Number(typed) <= max ? Number(typed) : null;
};

/**
 * Payment plans: what happens when a family's charge is refused (decision 040). It is tried again
 * as often and as far apart as the academy says (3 times, 2 days apart, by default); with no
 * attempt left it is kept for the office to chase by default, or cancelled after the grace days,
 * refunded under the cancellation policy for what was paid.
 */
export function PlanRiskForm() {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<PlanSettings>("/admin/plan-settings")).data,
  });
  if (settings.isPending) return <TableSkeleton label="Loading the rule for refused payments" rows={1} />;
  if (settings.isError) {
    return (
      <ErrorState what="The rule for refused payments" error={settings.error} onRetry={() => void settings.refetch()} />
    );
  }
  return <RiskFields current={settings.data} />;
}

function RiskFields({ current }: { current: PlanSettings }) {
  const id = useId();
  const client = useQueryClient();
  const [action, setAction] = useState(current.atRiskAction);
  const [grace, setGrace] = useState(String(current.graceDays));
  const [retries, setRetries] = useState(String(current.retries));
  const [retryDays, setRetryDays] = useState(String(current.retryDays));
  const [problem, setProblem] = useState<string | null>(null);
  const [retryProblems, setRetryProblems] = useState<{ retries?: string; retryDays?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (body: Omit<PlanSettings, "text">) =>
      (await api.patch<PlanSettings>("/admin/plan-settings", body)).data,
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const days = grace.trim();
    const graceProblem =
      action === "cancel" && (!WHOLE.test(days) || Number(days) > 90) ? "A whole number of days from 0 to 90." : null;
    const tries = wholeIn(retries, 0, 10);
    const apart = wholeIn(retryDays, 1, 14);
    const problems = {
      ...(tries === null ? { retries: "A whole number from 0 to 10." } : {}),
      ...(apart === null ? { retryDays: "A whole number of days from 1 to 14." } : {}),
    };
    setProblem(graceProblem);
    setRetryProblems(problems);
    if (graceProblem || tries === null || apart === null) return;
    save.mutate(
      {
        atRiskAction: action,
        graceDays: action === "cancel" ? Number(days) : current.graceDays,
        retries: tries,
        retryDays: apart,
      },
      { onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Refused payments" className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-800 dark:text-slate-200" role="status" data-testid="plan-risk-text">
        {save.data?.text ?? current.text}
      </p>
      <div className="flex flex-wrap gap-4">
        <NumberField
          id={`${id}-retries`}
          label="Tries after a refused charge"
          hint="0 to 10; 0 tries it no more."
          value={retries}
          onChange={setRetries}
          problem={retryProblems.retries}
        />
        <NumberField
          id={`${id}-retry-days`}
          label="Days between tries"
          hint="1 to 14 academy days."
          value={retryDays}
          onChange={setRetryDays}
          problem={retryProblems.retryDays}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          When a charge is refused and no attempt is left
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-action`} checked={action === "keep"} onChange={() => setAction("keep")} />
          Keep the seats: the office follows up with the family
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-action`}
            checked={action === "cancel"}
            onChange={() => setAction("cancel")}
          />
          Cancel the seats not paid in full, refunded under the cancellation policy
        </label>
      </fieldset>
      {action === "cancel" && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-grace`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Grace period (days)
          </label>
          <input
            id={`${id}-grace`}
            inputMode="numeric"
            value={grace}
            onChange={(e) => setGrace(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-grace-hint${problem ? ` ${id}-grace-problem` : ""}`}
            className={`${inputStyles} w-32`}
          />
          <p id={`${id}-grace-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            Days after the last refused charge; 0 cancels at once.
          </p>
          {problem && (
            <p id={`${id}-grace-problem`} className="text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The rule was not saved: {failure}
        </p>
      )}
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save rule"}
        </button>
      </div>
    </form>
  );
}

/** A small whole-number field with its hint and, when it is wrong, its problem. */
function NumberField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
}) {
  const { id, label, hint, value, onChange, problem } = props;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        className={`${inputStyles} w-32`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
