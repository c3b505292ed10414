import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail } from "shared-auth";

/** One payment as GET /payments returns it (spec section 3). */
export interface PaymentRecord {
  _id: string;
  email: string;
  transactionId: string;
  /** Dollars. */
  price: number;
  /** ISO date. */
  date: string;
  quantity: number;
  status: string;
  classNames: string[];
  image: string;
}

/** The student's payments, newest first (the server orders them); idle for anyone else. */
export function usePayments() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.payments(email ?? ""),
    queryFn: async () => (await api.get<PaymentRecord[]>("/payments", { params: { email } })).data,
    enabled: email !== null,
  });
}
