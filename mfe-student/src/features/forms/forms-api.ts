import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, useStudentEmail } from "shared-auth";
import type { EsignConsent, FamilyForm, FamilyForms } from "shared-auth/wire";

import { formsKey } from "./forms-key";

export type { EsignConsent, FamilyForm, FamilyForms, FormField, FormToDo } from "shared-auth/wire";

/** GET /forms: what each camper (or the family) still needs before the first day (decision 045). */
export function useFamilyForms(ready = true) {
  const email = useStudentEmail();
  return useQuery({
    queryKey: formsKey(email ?? ""),
    queryFn: async () => (await api.get<FamilyForms>("/forms")).data,
    enabled: email !== null && ready,
  });
}

/** GET /forms/:id: the form at its latest version, with the family's latest answer for the camper. */
export function useFamilyForm(formId: string, camperId: string | null) {
  const email = useStudentEmail();
  return useQuery({
    queryKey: [...formsKey(email ?? ""), formId, camperId ?? "family"],
    queryFn: async () =>
      (await api.get<FamilyForm>(`/forms/${formId}`, { params: camperId ? { camper_id: camperId } : {} })).data,
    enabled: email !== null,
  });
}

export function useConsent() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: [...formsKey(email ?? ""), "consent"],
    queryFn: async () => (await api.get<EsignConsent>("/forms/consent")).data,
    enabled: email !== null,
  });
}

/** Agrees to sign electronically, or withdraws: every form's page reads it again. */
export function useSaveConsent() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (agreed: boolean) => (await api.put<EsignConsent>("/forms/consent", { agreed })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: formsKey(email ?? "") }),
  });
}

export interface AnswerInput {
  formId: string;
  camperId: string | null;
  version: number;
  values: Record<string, unknown>;
}

export function useAnswerForm() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ formId, camperId, version, values }: AnswerInput) =>
      (await api.put<FamilyForm>(`/forms/${formId}/answer`, { camper_id: camperId, version, values })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: formsKey(email ?? "") }),
  });
}
