import { useState, type ReactNode } from "react";
import { errorMessage } from "shared-auth";
import { buttonStyles, inputStyles } from "./buttons";

/**
 * The office's reports share their actions: Print, and a CSV download that says it is busy and,
 * when the API refuses or cannot be reached, why the file did not come ("The CSV was not
 * downloaded: …"), shown where the page puts its alerts.
 */
export function useCsvDownload() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = (download: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    download()
      .catch((error: unknown) => setFailure(`The CSV was not downloaded: ${errorMessage(error)}`))
      .finally(() => setBusy(false));
  };
  return { busy, failure, start };
}

export type CsvDownload = ReturnType<typeof useCsvDownload>;

/** The download button: "Downloading…" while it runs. */
export function CsvButton({
  csv,
  download,
  label = "Download CSV",
  disabled = false,
  plain = false,
}: {
  csv: CsvDownload;
  download: () => Promise<unknown>;
  label?: string;
  disabled?: boolean;
  /** Beside a primary action of the page's own, the download is the plain one. */
  plain?: boolean;
}) {
  return (
    <button
      type="button"
      className={plain ? buttonStyles.plain : buttonStyles.primary}
      disabled={csv.busy || disabled}
      onClick={() => csv.start(download)}
    >
      {csv.busy ? "Downloading…" : label}
    </button>
  );
}

/** Print and the download, in the page's heading, after the page's own links (`before`); none is printed. */
export function ReportActions({ before, ...props }: Parameters<typeof CsvButton>[0] & { before?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {before}
      <button type="button" className={buttonStyles.plain} onClick={() => print()}>
        Print
      </button>
      <CsvButton {...props} />
    </div>
  );
}

/** What went wrong, announced as it appears; nothing when nothing did. */
export function FailureAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      {text}
    </p>
  );
}

/** The day a report is of; a cleared field keeps the day shown. Not printed. */
export function DayPicker({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  return (
    <label className="mb-4 block max-w-xs text-sm font-semibold text-slate-800 print:hidden dark:text-slate-200">
      Day
      <input
        type="date"
        className={`mt-1 block w-full ${inputStyles}`}
        value={day}
        required
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </label>
  );
}
