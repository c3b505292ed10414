import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { refreshBookings, useExtendHold, type Checkout, type HoldExtension } from "./checkout-api";
import { HoldTimer } from "./hold-timer";

/**
 * The seat hold of an open checkout: its extensions and whether it ran out. Both belong to one
 * checkout: "Start again" opens another with its own hold.
 */
export function useSeatHold(email: string, orderId: string | null) {
  const client = useQueryClient();
  const extend = useExtendHold();
  const [extended, setExtended] = useState<HoldExtension | null>(null);
  const [expiredOrder, setExpiredOrder] = useState<string | null>(null);
  const onExpired = useCallback(() => {
    setExpiredOrder(orderId);
    // The seats are back on sale: seat counts and badges may change.
    void refreshBookings(client, email);
  }, [client, email, orderId]);
  return { extend, extended, setExtended, expiredOrder, onExpired };
}

export type SeatHold = ReturnType<typeof useSeatHold>;

/** The hold's countdown beside the card form, with Extend: the latest extension of this checkout, else its own end. */
export function CheckoutHoldTimer({ checkout: co, hold }: { checkout: Checkout; hold: SeatHold }) {
  const { extend, extended, setExtended, onExpired } = hold;
  const current = extended?.orderId === co.orderId ? extended : co;
  return (
    <HoldTimer
      expiresAt={current.expiresAt}
      maxExpiresAt={current.maxExpiresAt}
      extending={extend.isPending}
      extendError={extend.error}
      extendedTo={current === extended ? extended.expiresAt : null}
      onExtend={() =>
        extend.mutate(co.orderId, {
          onSuccess: setExtended,
        })
      }
      onExpired={onExpired}
    />
  );
}
