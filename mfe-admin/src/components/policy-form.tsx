import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage, queryKeys } from "shared-auth";
import { policyFromForm } from "../lib/policy";
import { buttonStyles, inputStyles } from "./buttons";
import { ErrorState, TableSkeleton } from "./states";
import type { CancellationPolicy, paths } from "shared-auth/wire";

/** The academy's cancellation policy (GET /cancellation-policy). */
/** The cancellation policy as the API answers it (generated types). */
type Policy = CancellationPolicy;
/** PATCH /admin/cancellation-policy's body, as the API's document names it. */
type PolicyBody = paths["/admin/cancellation-policy"]["patch"]["requestBody"]["content"]["application/json"];

/** The days a family may move a seat when the academy first lets families do it (the API's own default). */
const DEFAULT_MOVE_DAYS = 14;
const WHOLE = /^\d{1,3}$/;
const MONEY = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * The moving rule as typed, in the API's numbers and limits (the API checks again): unchecked,
 * only the office moves seats (the fee the office set before is kept for the day it is checked again).
 */
function movesFromForm(on: boolean, days: string, fee: string) {
  const problems: { moveDays?: string; moveFee?: string } = {};
  if (!on) return { problems, moves: { moveDays: null } satisfies Partial<PolicyBody> };
  const d = days.trim();
  if (!WHOLE.test(d) || Number(d) < 1 || Number(d) > 365) problems.moveDays = "A whole number of days from 1 to 365.";
  const f = fee.trim() || "0";
  if (!MONEY.test(f) || Number(f) > 1000) problems.moveFee = "An amount in dollars from $0 to $1,000.";
  const moves = { moveDays: Number(d), moveFeeCents: Math.round(Number(f) * 100) };
  return { problems, moves: moves satisfies Partial<PolicyBody> };
}

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
    moveDays: String(current.moveDays ?? DEFAULT_MOVE_DAYS),
    moveFee: ((current.moveFeeCents ?? 0) / 100).toFixed(2),
  });
  // Whether families move seats themselves; unchecked, only the office does (moveDays null).
  const [movesOn, setMovesOn] = useState(typeof current.moveDays === "number");
  const [problems, setProblems] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (policy: PolicyBody) => (await api.patch<Policy>("/admin/cancellation-policy", policy)).data,
    onSuccess: (saved) => client.setQueryData(key, saved),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = policyFromForm(values);
    const moving = movesFromForm(movesOn, values.moveDays, values.moveFee);
    const all = { ...checked.problems, ...moving.problems };
    setProblems(all);
    setFailure(null);
    if (Object.keys(all).length > 0) return;
    save.mutate({ ...checked.policy, ...moving.moves }, { onError: (error) => setFailure(errorMessage(error)) });
  };

  const field = (name: keyof typeof values, label: string, hint: string, type: "text" | "number" = "text") => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        {...(type === "number" && { min: 1, max: 365, step: 1 })}
        inputMode={name === "fee" || name === "moveFee" ? "decimal" : "numeric"}
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
      <fieldset className="mt-2 flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">Moving a seat to another class</legend>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-moves`}
            type="checkbox"
            checked={movesOn}
            onChange={(e) => setMovesOn(e.target.checked)}
            aria-describedby={`${id}-moves-hint`}
            className="mt-0.5 h-4 w-4 shrink-0 accent-orange-700"
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={`${id}-moves`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Families may move a seat themselves
            </label>
            <p id={`${id}-moves-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              Unchecked, only the office moves seats.
            </p>
          </div>
        </div>
        {movesOn && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {field(
              "moveDays",
              "Until how many days before the first day",
              "From 1 to 365 days before the seat's first day.",
              "number",
            )}
            {field("moveFee", "Fee for a move (dollars)", "Kept from what was paid for the seat; 0 for none.")}
          </div>
        )}
        <p className="text-sm text-slate-800 dark:text-slate-200" role="status" data-testid="policy-move-text">
          {save.data?.moveText ?? current.moveText}
        </p>
      </fieldset>
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
