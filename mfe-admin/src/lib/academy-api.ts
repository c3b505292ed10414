import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, showAcademyFacts } from "shared-auth";
import { retryTransient } from "./admin-api";
import type { Academy, AcademyBody } from "./academy-types";

// The academy's own facts (decision 051): anyone reads them, an admin changes them.

export const academyKey = ["academy"] as const;

/**
 * GET /academy. The API lets browsers keep its answer for 30 seconds, so a read soon after a save
 * could bring back the facts from before it: the saved answer counts as fresh for longer than that.
 */
const FRESH_FOR_MS = 60_000;

export function useAcademySettings() {
  return useQuery({
    queryKey: academyKey,
    queryFn: async () => (await api.get<Academy>("/academy")).data,
    staleTime: FRESH_FOR_MS,
    retry: retryTransient,
  });
}

/** PUT /admin/academy: the facts as saved (e-mails in lower case) replace what was read. */
export function useSaveAcademy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AcademyBody) => (await api.put<Academy>("/admin/academy", body)).data,
    onSuccess: (saved) => {
      client.setQueryData(academyKey, saved);
      // This page's navbar and footer say the new facts at once (other pages read them on load).
      showAcademyFacts(saved);
    },
  });
}
