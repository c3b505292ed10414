import { useEffect } from "react";
import { useRecordPayment } from "./checkout-api";
import { AlreadyPaid, PaymentNotRecorded } from "./checkout-outcomes";

/** Paid in another tab: recorded here too (a replay answers the payment as it was), every list refreshed. */
export function PaidElsewhere({
  email,
  singleCartItemId,
  transactionId,
}: {
  email: string;
  singleCartItemId: string | undefined;
  transactionId: string;
}) {
  const record = useRecordPayment(email, singleCartItemId);
  const { mutate } = record;
  useEffect(() => {
    mutate({ transactionId });
  }, [mutate, transactionId]);
  if (record.isError) {
    return <PaymentNotRecorded error={record.error} onRetry={() => mutate({ transactionId })} />;
  }
  return <AlreadyPaid />;
}
