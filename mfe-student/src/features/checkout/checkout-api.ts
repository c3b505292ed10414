import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, type Checkout, type HoldExtension, type RecordedPayment } from "shared-auth";
import { formsKey } from "../forms/forms-key";

export type { Checkout, CheckoutItem, HoldExtension, RecordedPayment } from "shared-auth";

/**
 * Opens the checkout (holds the seats, creates the PaymentIntent) when the page is shown: the whole
 * cart, or the given cart items. Opening the same selection again answers the same checkout while
 * its hold lasts, so a reload or a second render does not start over. Never cached past the page.
 */
export function useCheckout(
  email: string | null,
  cartItemIds: string[] | undefined,
  enabled: boolean,
  /** A promo code: the server applies it or refuses the checkout with the reason (400). */
  promoCode: string | null = null,
  /** A payment plan offered for these seats: its deposit is charged now (decision 040). */
  paymentPlanId: string | null = null,
) {
  return useQuery({
    queryKey: ["checkout", email, cartItemIds ?? "cart", promoCode ?? "", paymentPlanId ?? "in-full"],
    queryFn: async () =>
      (
        await api.post<Checkout>("/create-payment-intent", {
          ...(cartItemIds && { cartItemIds }),
          ...(promoCode && { promoCode }),
          ...(paymentPlanId && { paymentPlanId }),
        })
      ).data,
    retry: false,
    enabled: enabled && email !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /checkouts/:orderId/extend: the seats stay held a full hold from now (up to a limit). */
export function useExtendHold() {
  return useMutation({
    mutationFn: async (orderId: string) =>
      (await api.post<HoldExtension>(`/checkouts/${encodeURIComponent(orderId)}/extend`)).data,
  });
}

/**
 * Reports a paid checkout (POST /payments, or /payments/:cartItemId on the single payment page).
 * Whatever the answer, every view of the student's bookings is refreshed, in every remote (one
 * QueryClient): the cart and its badges, enrolled classes, payment history, the seat counts and the
 * forms the classes booked may need.
 */
export function useRecordPayment(email: string | null, singleCartItemId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ transactionId }: { transactionId: string }) => {
      const url = singleCartItemId ? `/payments/${encodeURIComponent(singleCartItemId)}` : "/payments";
      return (await api.post<RecordedPayment>(url, { transactionId, ...(email && { email }) })).data;
    },
    onSettled: () => refreshBookings(client, email),
  });
}

/** Everything a payment (or a released hold) changes, for whoever shows it. */
export function refreshBookings(client: ReturnType<typeof useQueryClient>, email: string | null) {
  const keys: (readonly unknown[])[] = [queryKeys.classes(), queryKeys.instructors()];
  if (email) keys.push(queryKeys.cart(email), queryKeys.enrolled(email), queryKeys.payments(email), formsKey(email));
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
