import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  api,
  fetchCampers,
  queryKeys,
  useStudentEmail,
  type Camper,
  type CamperEligibility,
  type CamperInput,
} from "shared-auth";

// A family's campers' queries (shared-auth/queries): with the library, on the pages that use them.

export function useCampers() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.campers(email ?? ""),
    queryFn: fetchCampers,
    enabled: email !== null,
  });
}

/** Which of the family's campers may take a seat in a class, and why not (the server decides). */
export function useCamperEligibility(classId: string | null, purpose: "booking" | "waitlist" = "booking") {
  const email = useStudentEmail();
  return useQuery({
    queryKey: [...queryKeys.eligibility(email ?? "", classId ?? ""), purpose],
    queryFn: async () =>
      (
        await api.get<CamperEligibility[]>(`/classes/${classId}/eligibility`, {
          // Who may wait asks less than who may book now (a cart line is no reason not to wait).
          ...(purpose === "waitlist" && { params: { purpose } }),
        })
      ).data,
    enabled: email !== null && classId !== null,
    staleTime: 0,
  });
}

/** Adds a camper (no id) or saves the changed fields of one (with its id). */
export function useSaveCamper() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: string; fields: Partial<CamperInput> }) => {
      const { data } = id
        ? await api.patch<{ camper: Camper }>(`/campers/${id}`, fields)
        : await api.post<{ camper: Camper }>("/campers", fields);
      return data.camper;
    },
    onSuccess: () => {
      if (email) void client.invalidateQueries({ queryKey: ["campers", email] });
    },
  });
}

export function useRemoveCamper() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ deletedCount: number }>(`/campers/${id}`)).data,
    onSuccess: () => {
      if (!email) return;
      void client.invalidateQueries({ queryKey: ["campers", email] });
      void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
    },
  });
}
