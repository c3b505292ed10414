import { useQuery, type QueryClient } from "@tanstack/react-query";
import { api, queryKeys, type Balance as PlansBalance } from "shared-auth";
import type { BalanceOrders } from "shared-auth/wire";
import { academyToday } from "shared-auth/academy-time";

/**
 * A booking the academy's office made for the family with money still owed (decision 047): paid in
 * part or not at all at the desk, the rest due by a day (GET /balance/orders).
 */
export type OrderBalance = BalanceOrders["orders"][number];

/** What My Balance shows: the family's payment plans (GET /balance) and its desk bookings. */
export type Balance = PlansBalance & { orders?: OrderBalance[] };

/** A charge due today or being charged: the worker takes it within a minute (paying ahead, a day come). */
const chargingSoon = (balance: Balance | undefined) => {
  const today = academyToday();
  return (
    balance?.plans.some((p) =>
      p.instalments.some((c) => c.status === "charging" || (c.status === "scheduled" && c.due <= today)),
    ) ?? false
  );
};

/**
 * GET /balance: what the family still owes on its payment plans, and when (decision 040), and on
 * the bookings the office made for it. Read again every few seconds while a charge is about to be
 * made, so the page shows its outcome.
 */
export function useBalance(email: string | null) {
  return useQuery({
    queryKey: queryKeys.balance(email ?? ""),
    // Both at once: the plans' balance and the desk bookings' are two answers of two domains.
    queryFn: async (): Promise<Balance> => {
      const [plans, desk] = await Promise.all([
        api.get<PlansBalance>("/balance"),
        api.get<BalanceOrders>("/balance/orders"),
      ]);
      return { ...plans.data, orders: desk.data.orders };
    },
    enabled: email !== null,
    refetchInterval: (query) => (chargingSoon(query.state.data) ? 3_000 : false),
  });
}

/**
 * A balance an action answered with (paying ahead, a refused charge paid, a card changed) replaces
 * the one shown; those answers are the plans' alone, so the desk bookings shown are kept.
 */
export function showBalance(client: QueryClient, email: string, answer: Balance): void {
  client.setQueryData<Balance>(queryKeys.balance(email), (before) =>
    answer.orders !== undefined || before?.orders === undefined ? answer : { ...answer, orders: before.orders },
  );
}
