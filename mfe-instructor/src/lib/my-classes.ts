import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useAcademy, type CampSession } from "shared-auth";

export interface MyClass extends CampSession {
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

/**
 * What the caller's classes have earned (GET /myclasses/revenue): seats paid for at the prices
 * paid, from paid orders only. Under the My Classes key, so whatever refreshes those refreshes this.
 */
export function useMyRevenue() {
  const email = useAcademy((s) => s.user?.email ?? "");
  const role = useAcademy((s) => s.role);
  return useQuery({
    queryKey: [...queryKeys.myClasses(email), "revenue"],
    enabled: email !== "" && role !== null && role !== "student",
    queryFn: async () =>
      (await api.get<{ paidSeats: number; revenue: number }>("/myclasses/revenue", { params: { email } })).data,
  });
}
