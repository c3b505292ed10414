import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { AdminForm, AdminForms, FormField, FormsCompletion, PublishedForm } from "shared-auth/wire";
import { classLabel, type ChosenClass } from "./discounts";

// The academy's forms and waivers (decision 045) as GET /admin/forms answers them.
export type { AdminForm, FormField };

export const FORMS_KEY = ["admin-forms"] as const;

export function useAcademyForms() {
  return useQuery({
    queryKey: FORMS_KEY,
    queryFn: async () => (await api.get<AdminForms>("/admin/forms")).data.forms,
  });
}

/** Creates (no id) or publishes a change (an id): the list is read again after each. */
export function usePublishForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? (await api.put<PublishedForm>(`/admin/forms/${id}`, body)).data
        : { form: (await api.post<AdminForm>("/admin/forms", body)).data, new_version: true },
    onSettled: () => client.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

export function useArchiveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<AdminForm>(`/admin/forms/${id}`)).data,
    onSettled: () => client.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

export const KIND_LABELS: Record<FormField["kind"], string> = {
  "short-text": "Short text",
  "long-text": "Long text",
  "yes-no": "Yes or no",
  "one-choice": "One choice",
  "many-choices": "Several choices",
  date: "Date",
  number: "Number",
  file: "File upload (a photo or a PDF)",
  signature: "Signature",
};

/** A question as the builder holds it: text as typed (choices one a line, bounds as text). */
export interface DraftField {
  key: string;
  kind: FormField["kind"];
  label: string;
  help: string;
  required: boolean;
  medical: boolean;
  choices: string;
  min: string;
  max: string;
}

export interface FormDraft {
  title: string;
  intro: string;
  audience: "family" | "camper";
  all: boolean;
  sports: string[];
  /** The classes chosen, with their names to show. */
  classes: ChosenClass[];
  dueDaysBefore: string;
  fields: DraftField[];
  signAgain: boolean;
}

/** A key for a new question: stable once published, so answers keep their meaning across versions. */
export const newKey = () => `q-${Math.random().toString(36).slice(2, 8)}`;

export const newField = (kind: FormField["kind"] = "short-text"): DraftField => ({
  key: kind === "signature" ? "signature" : newKey(),
  kind,
  label: kind === "signature" ? "Parent or guardian" : "",
  help: "",
  required: kind === "signature",
  medical: false,
  choices: "",
  min: "",
  max: "",
});

export const emptyDraft = (): FormDraft => ({
  title: "",
  intro: "",
  audience: "camper",
  all: true,
  sports: [],
  classes: [],
  dueDaysBefore: "7",
  fields: [newField()],
  signAgain: false,
});

export const draftOf = (form: AdminForm): FormDraft => ({
  title: form.latest.title,
  intro: form.latest.intro,
  audience: form.audience,
  all: form.applies_to.all,
  sports: form.applies_to.sports,
  classes: form.classes,
  dueDaysBefore: String(form.due_days_before),
  fields: form.latest.fields.map((f) => ({
    key: f.key,
    kind: f.kind,
    label: f.label,
    help: f.help,
    required: f.required,
    medical: f.medical,
    choices: f.choices.join("\n"),
    min: f.min === null ? "" : String(f.min),
    max: f.max === null ? "" : String(f.max),
  })),
  signAgain: false,
});

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));
const choosing = (kind: FormField["kind"]) => kind === "one-choice" || kind === "many-choices";

/** The body the API takes: `audience` only when creating, `sign_again` only when publishing a change. */
export function bodyOf(draft: FormDraft, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: draft.title,
    intro: draft.intro,
    applies_to: {
      all: draft.all,
      sports: draft.all ? [] : draft.sports,
      class_ids: draft.all ? [] : draft.classes.map((c) => c._id),
    },
    due_days_before: Number(draft.dueDaysBefore),
    fields: draft.fields.map((f) => ({
      key: f.key,
      kind: f.kind,
      label: f.label,
      help: f.help,
      required: f.kind === "signature" ? true : f.required,
      medical: f.kind === "signature" ? false : f.medical,
      choices: choosing(f.kind)
        ? f.choices
            .split("\n")
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
      min: f.kind === "number" ? numberOrNull(f.min) : null,
      max: f.kind === "number" ? numberOrNull(f.max) : null,
    })),
  };
  if (creating) body.audience = draft.audience;
  else body.sign_again = draft.signAgain;
  return body;
}

/** Where a form is asked, in words. */
export function appliesInWords(
  form: Pick<AdminForm, "applies_to" | "classes">,
  sportName: (id: string) => string,
): string {
  if (form.applies_to.all) return "Every class";
  const parts = [...form.applies_to.sports.map(sportName), ...form.classes.map(classLabel)];
  return parts.join(", ");
}

/** The office's view: every camper's forms, filtered to first days within N days (none: all). */
export function useFormsCompletion(withinDays: number | null, incomplete: boolean) {
  return useQuery({
    queryKey: [...FORMS_KEY, "completion", withinDays, incomplete],
    queryFn: async () =>
      (
        await api.get<FormsCompletion>("/admin/forms/completion", {
          params: { ...(withinDays !== null && { within_days: withinDays }), incomplete: String(incomplete) },
        })
      ).data,
  });
}

export function useRemindFamilies() {
  return useMutation({
    mutationFn: async (withinDays: number) =>
      (await api.post<{ families: number }>("/admin/forms/completion/remind", { within_days: withinDays })).data,
  });
}

/** The CSV as the API names it (`forms-<academy's today>.csv`), with the same filter. */
export const downloadCompletionCsv = (withinDays: number | null, incomplete: boolean, today: string) =>
  downloadFile(
    `/admin/forms/completion.csv?incomplete=${incomplete}${withinDays === null ? "" : `&within_days=${withinDays}`}`,
    `forms-${today}.csv`,
  );
