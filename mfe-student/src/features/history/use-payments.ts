import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useAccountEmail, type PaymentRecord } from "shared-auth";

export type { PaymentRecord } from "shared-auth";

/** The signed-in person's payments, newest first (the server orders them); idle for visitors. */
export function usePayments() {
  const email = useAccountEmail();
  return useQuery({
    queryKey: queryKeys.payments(email ?? ""),
    queryFn: async () => (await api.get<PaymentRecord[]>("/payments", { params: { email } })).data,
    enabled: email !== null,
  });
}
