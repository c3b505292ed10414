import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { api, errorMessage } from "shared-auth";
import { paymentStatusLabel } from "shared-auth/payment-status";
import { refundCents, useFamilyPayments, usd, type FamilyPayment } from "../lib/refunds";
import { buttonStyles, inputStyles } from "./buttons";
import { ErrorState } from "./states";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const cents = (dollars: number) => Math.round(dollars * 100);

/** A family's payments in their dialog, each with what went back, and a goodwill refund. */
export function FamilyPayments({ email }: { email: string }) {
  const payments = useFamilyPayments(email);
  if (payments.isPending) return <p role="status">Loading the payments…</p>;
  if (payments.isError) {
    return <ErrorState what="The payments" error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  if (payments.data.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No payments yet.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Payments">
      {payments.data.map((p) => (
        <li key={p._id} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
          <PaymentLine payment={p} />
        </li>
      ))}
    </ul>
  );
}

function PaymentLine({ payment }: { payment: FamilyPayment }) {
  const [open, setOpen] = useState(false);
  // The payment history always says what was refunded; the record's shape is shared with answers that do not.
  const refunded = payment.refunded ?? 0;
  const left = cents(payment.price) - cents(refunded);
  const label = `${usd(cents(payment.price))} on ${day.format(new Date(payment.date))}`;
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span>
          <span className="font-semibold">{label}</span>: {payment.classNames.join(", ")}
        </span>
        <span className="text-slate-700 dark:text-slate-300">
          {paymentStatusLabel(payment.status)}
          {refunded > 0 && `, ${usd(cents(refunded))} refunded`}
        </span>
      </p>
      {open ? (
        <GoodwillForm payment={payment} left={left} label={label} onClose={() => setOpen(false)} />
      ) : (
        left > 0 && (
          <button
            type="button"
            className={`${buttonStyles.plain} mt-2`}
            onClick={() => setOpen(true)}
            aria-label={`Refund part of the payment of ${label}`}
          >
            Refund…
          </button>
        )
      )}
    </>
  );
}

function GoodwillForm({
  payment,
  left,
  label,
  onClose,
}: {
  payment: FamilyPayment;
  left: number;
  label: string;
  onClose: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: async (body: { refundCents: number; reason: string }) =>
      (await api.post<{ message: string }>(`/admin/payments/${payment._id}/refund`, body)).data,
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
  if (refund.isSuccess) {
    return (
      <p role="status" className="mt-2 font-semibold text-emerald-800 dark:text-emerald-300">
        {refund.data.message}{" "}
        <button type="button" className={buttonStyles.plain} onClick={onClose}>
          Done
        </button>
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = refundCents(amount, left, "payment");
    if (typeof typed === "string") return setProblem(typed);
    if (!reason.trim()) return setProblem("Say why, for the record.");
    setProblem(null);
    refund.mutate(
      { refundCents: typed, reason: reason.trim() },
      { onError: (error) => setProblem(errorMessage(error)) },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Refund part of the payment of ${label}`}
      className="mt-2 flex flex-col gap-2 rounded-xl border border-slate-300 p-3 dark:border-slate-600"
    >
      <p className="text-slate-700 dark:text-slate-300">
        A goodwill refund: the seats stay booked. {usd(left)} of this payment is left to refund; the amount is shared
        among its classes by what is left of each.
      </p>
      <label htmlFor={`${id}-amount`} className="font-medium">
        Amount ($)
      </label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        className={`${inputStyles} w-32`}
      />
      <label htmlFor={`${id}-reason`} className="font-medium">
        Reason (kept with the refund)
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
        className={inputStyles}
      />
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={refund.isPending}>
          {refund.isPending ? "Refunding…" : "Refund to the card"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={refund.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
