import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { api, errorMessage, queryKeys, useAcademy } from "shared-auth";
import type { RefusedChargePayment } from "shared-auth/wire";
import { showBalance, type Balance } from "./balance-api";
import { BalancePanel } from "./balance-panel";
import { cents } from "../pricing/money";

const CardPayment = lazy(() => import("../checkout/card-payment"));

const ENDED =
  "This payment was replaced by a newer attempt or cancelled by the academy. Nothing was charged: close this and look at your balance again.";

/**
 * Paying a refused plan charge now (decision 040): the refusal's own payment, confirmed with a
 * new card (which then pays the later charges too) or, when the bank asked to confirm it, with the
 * saved card after the bank's check. The server records it; the balance is read again.
 */
export function PayRefused({
  email,
  instalmentId,
  onClose,
}: {
  email: string;
  instalmentId: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const payments = useAcademy((s) => s.env?.payments);
  const user = useAcademy((s) => s.user);
  const [done, setDone] = useState(false);
  const open = useMutation({
    mutationFn: async () => (await api.post<RefusedChargePayment>(`/balance/instalments/${instalmentId}/pay`)).data,
  });
  const settle = useMutation({
    mutationFn: async () => (await api.post<Balance>(`/balance/instalments/${instalmentId}/settle`)).data,
    onSuccess: (balance) => {
      showBalance(client, email, balance);
      void client.invalidateQueries({ queryKey: queryKeys.payments(email) });
      setDone(true);
    },
  });
  const { mutate } = open;
  useEffect(() => {
    mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.paid) setDone(true);
      },
    });
  }, [mutate]);

  let body;
  if (done) {
    body = (
      <p role="status" className="text-emerald-800 dark:text-emerald-300">
        Paid. Thank you: the card you used pays your later payments too.
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
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          {`Pay ${cents(ready.amountCents ?? 0)} now with another card; it is then saved for your later payments. If your bank asked you to confirm the payment, you can pay with the card you saved instead.`}
        </p>
        <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
          <CardPayment
            payments={payments}
            clientSecret={ready.clientSecret ?? ""}
            amount={(ready.amountCents ?? 0) / 100}
            billing={{ name: user?.displayName || email, email }}
            locked={settle.isPending}
            savedCard={ready.savedCard ?? null}
            endedText={ENDED}
            onPaid={() => settle.mutate()}
            onAlreadyPaid={() => settle.mutate()}
          />
        </Suspense>
        {settle.isPending && <p role="status">Recording your payment…</p>}
        {settle.isError && <p role="alert">{`Your payment is not recorded yet: ${errorMessage(settle.error)}`}</p>}
      </>
    );
  }
  return (
    <BalancePanel id={`pay-${instalmentId}`} title="Pay this payment now" level={3} done={done} onClose={onClose}>
      {body}
    </BalancePanel>
  );
}
