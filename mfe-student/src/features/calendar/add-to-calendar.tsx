import { useState } from "react";
import { api, errorMessage } from "shared-auth";
import { buttonSecondary } from "../../components/styles";
import { saveBlob } from "../campers/download";

/**
 * "Add to calendar" on an enrolment: its weekly sessions as an .ics file, asked of the
 * API with the session's token and saved as a download (a calendar app opens it).
 */
export function AddToCalendar({ enrollmentId, label }: { enrollmentId: string; label: string }) {
  const [state, setState] = useState<"idle" | "busy" | { error: string }>("idle");
  const save = async () => {
    setState("busy");
    try {
      const res = await api.get<Blob>(`/enrollments/${encodeURIComponent(enrollmentId)}/calendar.ics`, {
        responseType: "blob",
      });
      saveBlob(res.data, "camp-sessions.ics");
      setState("idle");
    } catch (error) {
      setState({ error: `The calendar file was not downloaded: ${errorMessage(error)}` });
    }
  };
  return (
    <>
      <button
        type="button"
        className={`mt-2 self-start ${buttonSecondary}`}
        aria-busy={state === "busy"}
        disabled={state === "busy"}
        onClick={() => void save()}
      >
        {state === "busy" ? "Preparing…" : "Add to calendar"}
        <span className="sr-only"> {label}</span>
      </button>
      {typeof state === "object" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </>
  );
}
