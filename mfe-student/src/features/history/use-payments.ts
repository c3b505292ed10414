import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail, type PaymentRecord } from "shared-auth";

export type { PaymentRecord } from "shared-auth";

/** The student's payments, newest first (the server orders them); idle for anyone else. */
export function usePayments() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.payments(email ?? ""),
    queryFn: async () => (await api.get<PaymentRecord[]>("/payments", { params: { email } })).data,
    enabled: email !== null,
  });
}
