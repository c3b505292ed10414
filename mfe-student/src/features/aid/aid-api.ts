import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail } from "shared-auth";
import type { AidApplication, AidApplicationInput, FamilyAid } from "./aid-types";

/*
 * The family's financial aid (GET /aid), kept under the campers' key: adding or removing a child
 * refreshes the campers, and with them the list of campers one can apply for.
 */
const aidKey = (email: string) => [...queryKeys.campers(email), "aid"] as const;

/** The season on offer, the family's campers and their applications; idle without a student session. */
export function useFamilyAid() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: aidKey(email ?? ""),
    queryFn: async () => (await api.get<FamilyAid>("/aid")).data,
    enabled: email !== null,
  });
}

/**
 * Applies for one camper. The answer joins the list at once; the list is read again either way,
 * since a refusal (closed meanwhile, applied from another tab) means the page is out of date.
 */
export function useApplyForAid() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AidApplicationInput) => (await api.post<AidApplication>("/aid/applications", input)).data,
    onSuccess: (application) => {
      client.setQueryData<FamilyAid>(
        aidKey(email ?? ""),
        (old) =>
          old && {
            ...old,
            applications: [...old.applications.filter((a) => a._id !== application._id), application],
          },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: aidKey(email ?? "") }),
  });
}
