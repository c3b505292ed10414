import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage } from "shared-auth";
import type { PlanSettings } from "shared-auth/wire";
import { buttonStyles, inputStyles } from "./buttons";
import { ErrorState, TableSkeleton } from "./states";

const KEY = ["plan-settings"] as const;
const WHOLE = /^\d{1,2}$/;

/**
 * Payment plans: what happens when a family's charge is refused with no attempt left (decision
 * 040). Kept for the office to chase by default; or cancelled after the grace days, refunded
 * under the cancellation policy for what was paid.
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
  const [problem, setProblem] = useState<string | null>(null);
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
    if (action === "cancel" && (!WHOLE.test(days) || Number(days) > 90)) {
      setProblem("A whole number of days from 0 to 90.");
      return;
    }
    setProblem(null);
    save.mutate(
      { atRiskAction: action, graceDays: action === "cancel" ? Number(days) : current.graceDays },
      { onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Refused payments" className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-800 dark:text-slate-200" role="status" data-testid="plan-risk-text">
        {save.data?.text ?? current.text}
      </p>
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
