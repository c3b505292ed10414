import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "shared-auth";
import { medicalLines, type MedicalDetails } from "../lib/roster";
import { OnDemandState } from "./ui";

/** The flag (words, not colour only) and the details, fetched when asked for (each read is recorded). */
export function MedicalFlag({
  classId,
  camperId,
  camperName,
}: {
  classId: string;
  camperId: string;
  camperName: string;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const details = useQuery({
    queryKey: ["roster", classId, "medical", camperId],
    queryFn: async () => (await api.get<MedicalDetails>(`/classes/${classId}/roster/${camperId}/medical`)).data,
    enabled: open,
    // Hidden again, the details leave the page's memory too.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1.5 rounded-full border whitespace-nowrap border-amber-700 bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200 print:border-black">
        <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
          <path d="M10 1.5 19 18H1L10 1.5Zm-1 6v5h2v-5H9Zm0 6.5v2h2v-2H9Z" />
        </svg>
        Allergy/medical
      </span>
      <button
        type="button"
        className="cursor-pointer rounded text-sm font-semibold text-orange-800 underline hover:text-orange-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:text-orange-300 print:hidden"
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={`${open ? "Hide details" : "Show details"}: ${camperName}`}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide details" : "Show details"}
      </button>
      {/* Not printed: the printout carries every camper's details of its own (PrintedMedical). */}
      <div id={detailsId} aria-live="polite" className="w-full print:hidden">
        {open &&
          (!details.isSuccess ? (
            <OnDemandState query={details} loading="Loading the details…" failed="The details could not be loaded" />
          ) : (
            <dl className="flex flex-col gap-1.5 text-sm">
              {medicalLines(details.data).map((line) => (
                <div key={line.label}>
                  <dt className="font-semibold text-slate-900 dark:text-white">{line.label}</dt>
                  <dd className="whitespace-pre-line text-slate-800 dark:text-slate-200">{line.text}</dd>
                </div>
              ))}
            </dl>
          ))}
      </div>
    </div>
  );
}
