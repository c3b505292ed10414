import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, errorMessage } from "shared-auth";
import { showBalance, type Balance } from "./balance-api";
import { cents } from "../pricing/money";

/**
 * Paying ahead with the saved card (decision 040): the rest of a plan, or one payment, falls due
 * today; the server charges the card within a minute and the page shows it (the balance is read
 * again until nothing due today is waiting). Asked once more before anything is charged.
 */
export function PayAhead({
  email,
  label,
  amountCents,
  target,
  onCharging,
}: {
  email: string;
  label: string;
  amountCents: number;
  target: { orderId: string } | { instalmentId: string };
  /** Told once the server took it: the card shows the message, since this button goes once nothing is left to pay. */
  onCharging: (message: string) => void;
}) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const ahead = useMutation({
    mutationFn: async () => (await api.post<Balance>("/balance/pay-early", target)).data,
    onSuccess: (balance) => {
      setAsking(false);
      onCharging(`Your saved card is being charged ${cents(amountCents)}: this page shows it within a minute.`);
      showBalance(client, email, balance);
    },
  });
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="self-start text-sm font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300"
      >
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-800 dark:text-slate-200">{`Charge ${cents(amountCents)} to your saved card now?`}</span>
      <button
        type="button"
        onClick={() => ahead.mutate()}
        disabled={ahead.isPending}
        className="rounded-full bg-indigo-700 px-4 py-1.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
      >
        {ahead.isPending ? "Charging…" : "Charge now"}
      </button>
      <button
        type="button"
        onClick={() => setAsking(false)}
        className="font-semibold text-slate-700 underline underline-offset-2 dark:text-slate-300"
      >
        Cancel
      </button>
      {ahead.isError && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {`Nothing was charged: ${errorMessage(ahead.error)}`}
        </p>
      )}
    </div>
  );
}
