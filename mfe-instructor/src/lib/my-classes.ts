import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useAcademy } from "shared-auth";

export interface MyClass {
  _id: string;
  class_name: string;
  image: string;
  available_seats: number;
  enrolled_seats: number;
  price: number;
  details: string;
  status: "pending" | "approved" | "denied";
  feedback: string;
}

export interface RosterEntry {
  name: string;
  email: string;
  enrolledAt: string;
}

/**
 * The caller's classes (GET /myclasses). A student teaches none: no request is made (the API
 * would answer 403, which the shell treats as a lost session and signs out).
 */
export function useMyClasses() {
  const email = useAcademy((s) => s.user?.email ?? "");
  const role = useAcademy((s) => s.role);
  return useQuery({
    queryKey: queryKeys.myClasses(email),
    enabled: email !== "" && role !== null,
    queryFn: async () => {
      if (role === "student") return [];
      return (await api.get<MyClass[]>("/myclasses", { params: { email } })).data;
    },
  });
}

export const money = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
