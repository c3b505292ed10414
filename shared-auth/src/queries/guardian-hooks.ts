import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail, type Guardians, type GuardiansInput } from "shared-auth";

// A family's parents or guardians (shared-auth/queries), beside its campers.

export function useGuardians() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.guardians(email ?? ""),
    queryFn: async () => (await api.get<Guardians>("/guardians")).data,
    enabled: email !== null,
  });
}

/** Saves both guardians at once: the answer is the family's as kept, and replaces the cached one. */
export function useSaveGuardians() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: GuardiansInput) => (await api.put<Guardians>("/guardians", input)).data,
    onSuccess: (saved) => {
      if (!email) return;
      client.setQueryData(queryKeys.guardians(email), saved);
      // Whether a camper may book reads the guardians too.
      void client.invalidateQueries({ queryKey: ["campers", email] });
    },
  });
}
