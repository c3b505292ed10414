import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryKeys } from "../query-keys";
import { useStudentEmail } from "./cart";
import type { Camper, CamperEligibility, CamperInput } from "./types";

/**
 * A family's campers: the account holder's own "Myself" and the children they added.
 * Only a student account keeps campers; the queries stay idle for everyone else.
 */
export async function fetchCampers(): Promise<Camper[]> {
  const { data } = await api.get<Camper[]>("/campers");
  return data;
}

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

/** Everything the academy holds about the family, as the JSON file the API sends. */
export async function downloadFamilyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await api.get<Blob>("/campers/export", { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "academy-family-data.json";
  return { blob: response.data, filename };
}
