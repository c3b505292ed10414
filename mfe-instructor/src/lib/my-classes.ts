import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useAcademy } from "shared-auth";
import type { StaffClass } from "shared-auth/wire";

/** One of the caller's classes as GET /myclasses answers it (generated: shared-auth/src/wire). */
export type MyClass = StaffClass;

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

/**
 * Instructor Home's figures: classes by review status, students enrolled in all of them, and the
 * seats still free in approved classes (the only ones students can book).
 */
export function classSummary(list: Pick<MyClass, "status" | "available_seats" | "enrolled_seats">[]) {
  const by = (s: MyClass["status"]) => list.filter((c) => c.status === s);
  const approved = by("approved");
  return {
    pending: by("pending").length,
    approved: approved.length,
    denied: by("denied").length,
    enrolled: list.reduce((n, c) => n + c.enrolled_seats, 0),
    seatsLeft: approved.reduce((n, c) => n + Math.max(0, c.available_seats - c.enrolled_seats), 0),
  };
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
