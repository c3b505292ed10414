import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage, queryKeys } from "shared-auth";
import { policyFromForm } from "../lib/policy";
import { buttonStyles, inputStyles } from "./buttons";
import { ErrorState, TableSkeleton } from "./states";
import type { CancellationPolicy } from "shared-auth/wire";

/** The academy's cancellation policy (GET /cancellation-policy). */
/** The cancellation policy as the API answers it (generated types). */
type Policy = CancellationPolicy;

const key = queryKeys.cancellationPolicy();
/** Admin Home: the cancellation policy families accept at checkout and cancel under. */
export function PolicyForm() {
  const policy = useQuery({ queryKey: key, queryFn: async () => (await api.get<Policy>("/cancellation-policy")).data });
  if (policy.isPending) return <TableSkeleton label="Loading the cancellation policy" rows={1} />;
  if (policy.isError) {
    return <ErrorState what="The cancellation policy" error={policy.error} onRetry={() => void policy.refetch()} />;
  }
  return <PolicyFields current={policy.data} />;
}

function PolicyFields({ current }: { current: Policy }) {
  const id = useId();
  const client = useQueryClient();
  const [values, setValues] = useState({
    full: String(current.fullRefundDays),
    partial: String(current.partialRefundDays),
    percent: String(current.partialPercent),
    fee: (current.feeCents / 100).toFixed(2),
  });
  const [problems, setProblems] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (policy: Omit<Policy, "text">) =>
      (await api.patch<Policy>("/admin/cancellation-policy", policy)).data,
    onSuccess: (saved) => client.setQueryData(key, saved),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = policyFromForm(values);
    setProblems(checked.problems);
    setFailure(null);
    if (Object.keys(checked.problems).length > 0) return;
    save.mutate(checked.policy, { onError: (error) => setFailure(errorMessage(error)) });
  };

  const field = (name: keyof typeof values, label: string, hint: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        inputMode={name === "fee" ? "decimal" : "numeric"}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={`${id}-${name}-hint${problems[name] ? ` ${id}-${name}-problem` : ""}`}
        className={`${inputStyles} w-32`}
      />
      <p id={`${id}-${name}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {problems[name] && (
        <p id={`${id}-${name}-problem`} className="text-sm text-red-700 dark:text-red-300">
          {problems[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} aria-label="Cancellation policy" className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-800 dark:text-slate-200" role="status" data-testid="policy-text">
        {save.data?.text ?? current.text}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field("full", "Full refund until (days before)", "Days before the first day.")}
        {field("partial", "Partial refund until (days before)", "No more than the full refund's days.")}
        {field("percent", "Partial refund (%)", "Of the price paid.")}
        {field("fee", "Processing fee kept ($)", "Kept from any refund; 0 for none.")}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The policy was not saved: {failure}
        </p>
      )}
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save policy"}
        </button>
      </div>
    </form>
  );
}
