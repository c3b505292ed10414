import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useEffectEvent, useState } from "react";
import { api, errorMessage, queryKeys, useAcademy } from "shared-auth";
import type { BalanceIntent, BalanceOrders } from "shared-auth/wire";
import { BalancePanel } from "./balance-panel";
import { cents } from "../pricing/money";

const CardPayment = lazy(() => import("../checkout/card-payment"));

/** POST /balance/orders/:id/pay: the balance's PaymentIntent to confirm, or that it is paid already. */
type OpenedPayment =
  Extract<BalanceIntent, { paid: true }> | (Exclude<BalanceIntent, { paid: true }> & { paid?: false });

const ENDED =
  "This payment was replaced by a newer attempt or the balance changed. Nothing was charged: close this and look at your balance again.";

/**
 * Paying the balance of a booking the office made (decision 047) by card: the server opens a
 * PaymentIntent for what is owed, Stripe.js confirms it with the card typed here (as a refused
 * plan charge is paid), then the server records it and the balance is read again.
 */
export function PayOrderBalance({
  email,
  orderId,
  onClose,
  onPaid,
}: {
  email: string;
  orderId: string;
  onClose: () => void;
  /** Told once the payment is recorded: the card goes once its balance is read again as paid. */
  onPaid: () => void;
}) {
  const client = useQueryClient();
  const payments = useAcademy((s) => s.env?.payments);
  const user = useAcademy((s) => s.user);
  const [done, setDone] = useState(false);
  const path = `/balance/orders/${encodeURIComponent(orderId)}`;
  // What the payment changes: the balance, and the payments listed in Payment History.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.balance(email) }),
      client.invalidateQueries({ queryKey: queryKeys.payments(email) }),
    ]);
  const open = useMutation({
    mutationFn: async () => (await api.post<OpenedPayment>(`${path}/pay`)).data,
  });
  const settle = useMutation({
    mutationFn: async (paymentIntentId: string) =>
      (await api.post<BalanceOrders>(`${path}/settle`, { paymentIntentId })).data,
    onSuccess: () => {
      setDone(true);
      onPaid();
      void refresh();
    },
  });
  // Paid meanwhile (another tab, the office): nothing to confirm, the balance is read again.
  const paidAlready = useEffectEvent(() => {
    setDone(true);
    onPaid();
    void refresh();
  });
  const { mutate } = open;
  useEffect(() => {
    mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.paid) paidAlready();
      },
    });
  }, [mutate]);

  let body;
  if (done) {
    body = (
      <p role="status" className="text-emerald-800 dark:text-emerald-300">
        Paid. Thank you.
      </p>
    );
  } else if (open.isPending) {
    body = <p role="status">Getting the payment ready…</p>;
  } else if (open.isError) {
    body = <p role="alert">{`The payment could not be opened: ${errorMessage(open.error)}`}</p>;
  } else if (!payments) {
    body = <p role="alert">Card payments are not available on this site right now. Nothing was charged.</p>;
  } else if (open.data && !open.data.paid) {
    const ready = open.data;
    body = (
      <>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{`Pay ${cents(ready.amountCents)} now by card.`}</p>
        <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
          <CardPayment
            payments={payments}
            clientSecret={ready.clientSecret}
            amount={ready.amountCents / 100}
            billing={{ name: user?.displayName || email, email }}
            locked={settle.isPending}
            endedText={ENDED}
            onPaid={(paymentIntentId) => settle.mutate(paymentIntentId)}
            onAlreadyPaid={(paymentIntentId) => settle.mutate(paymentIntentId)}
          />
        </Suspense>
        {settle.isPending && <p role="status">Recording your payment…</p>}
        {settle.isError && <p role="alert">{`Your payment is not recorded yet: ${errorMessage(settle.error)}`}</p>}
      </>
    );
  }
  return (
    <BalancePanel id={`pay-order-${orderId}`} title="Pay this balance by card" level={3} done={done} onClose={onClose}>
      {body}
    </BalancePanel>
  );
}
