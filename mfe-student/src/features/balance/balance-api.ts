import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, type Balance } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";

export type { Balance } from "shared-auth";

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
 * GET /balance: what the family still owes on its payment plans, and when (decision 040). Read
 * again every few seconds while a charge is about to be made, so the page shows its outcome.
 */
export function useBalance(email: string | null) {
  return useQuery({
    queryKey: queryKeys.balance(email ?? ""),
    queryFn: async () => (await api.get<Balance>("/balance")).data,
    enabled: email !== null,
    refetchInterval: (query) => (chargingSoon(query.state.data) ? 3_000 : false),
  });
}
