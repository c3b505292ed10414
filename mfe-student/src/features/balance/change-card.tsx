import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { api, errorMessage, useAcademy } from "shared-auth";
import { showBalance, type Balance } from "./balance-api";
import { BalancePanel } from "./balance-panel";

const CardPayment = lazy(() => import("../checkout/card-payment"));

/**
 * Replacing the card the family's plans charge (decision 040): the new card is saved with a
 * SetupIntent (the bank may check it once, here), nothing is charged, and the server then points
 * every plan with payments to come at it.
 */
export function ChangeCard({ email, onClose }: { email: string; onClose: () => void }) {
  const client = useQueryClient();
  const payments = useAcademy((s) => s.env?.payments);
  const user = useAcademy((s) => s.user);
  const [done, setDone] = useState(false);
  const open = useMutation({
    mutationFn: async () => (await api.post<{ clientSecret: string }>("/balance/card")).data,
  });
  const settle = useMutation({
    mutationFn: async (setupIntentId: string) =>
      (await api.post<Balance>("/balance/card/settle", { setupIntentId })).data,
    onSuccess: (balance) => {
      showBalance(client, email, balance);
      setDone(true);
    },
  });
  const { mutate } = open;
  useEffect(() => {
    mutate();
  }, [mutate]);

  let body;
  if (done) {
    body = (
      <p role="status" className="text-emerald-800 dark:text-emerald-300">
        Saved. Your next payments are charged to this card.
      </p>
    );
  } else if (open.isPending) {
    body = <p role="status">Getting the card form ready…</p>;
  } else if (open.isError) {
    body = <p role="alert">{`The card cannot be changed now: ${errorMessage(open.error)}`}</p>;
  } else if (!payments) {
    body = <p role="alert">Card payments are not available on this site right now. Nothing was changed.</p>;
  } else if (open.data) {
    body = (
      <>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Nothing is charged now. Your bank may ask you to confirm the card once.
        </p>
        <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
          <CardPayment
            payments={payments}
            clientSecret={open.data.clientSecret}
            amount={0}
            setup
            billing={{ name: user?.displayName || email, email }}
            locked={settle.isPending}
            onPaid={(setupIntentId) => settle.mutate(setupIntentId)}
            onAlreadyPaid={(setupIntentId) => settle.mutate(setupIntentId)}
          />
        </Suspense>
        {settle.isPending && <p role="status">Saving your card…</p>}
        {settle.isError && <p role="alert">{`Your card is not saved yet: ${errorMessage(settle.error)}`}</p>}
      </>
    );
  }
  return (
    <BalancePanel id={"change-card"} title="Use another card for your payments" level={2} done={done} onClose={onClose}>
      {body}
    </BalancePanel>
  );
}
