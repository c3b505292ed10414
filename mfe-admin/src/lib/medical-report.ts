import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { MedicalReport } from "shared-auth/wire";
import { retryTransient } from "./admin-api";

/** The office's allergy and medical report of a day (decision 046): every read of it is recorded. */
export type { MedicalReport };
export type MedicalCamper = MedicalReport["campers"][number];

export function useMedicalReport(day: string) {
  return useQuery({
    queryKey: ["admin", "medical", day],
    queryFn: async () => (await api.get<MedicalReport>("/admin/medical", { params: { day } })).data,
    retry: retryTransient,
    // Each read is recorded in the access log: no re-reads because the window got focus, none kept after leaving.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export const downloadMedicalCsv = (day: string) => downloadFile(`/admin/medical.csv?day=${day}`, `medical-${day}.csv`);

/** What the page lists for a camper: each kind of detail the family wrote, with its label; or why there is none. */
export function medicalLines(k: MedicalCamper): { label: string; text: string }[] {
  if (k.details_unreadable)
    return [{ label: "Details", text: "Could not be opened: ask the family before the camper takes part." }];
  return (
    [
      ["Allergies", k.allergies],
      ["Medical notes", k.medical_notes],
      ["Medications", k.medications],
    ] as const
  )
    .filter(([, text]) => text.trim() !== "")
    .map(([label, text]) => ({ label, text }));
}

/** "Soccer Juniors 09:00–12:00 (Field 2)" for each of the camper's classes that day. */
export const classLine = (c: MedicalCamper["classes"][number]) =>
  `${c.name} ${c.start_time}–${c.end_time}${c.location ? ` (${c.location})` : ""}`;
