import { useId, useState } from "react";
import { academyToday } from "shared-auth/academy-time";
import { endedYears, fetchStatementsArchive, progressText } from "../../lib/statements-archive";
import { buttonStyles, inputStyles } from "../buttons";
import { FormAlert, HINT } from "./fields";

/**
 * Every family's year-end statements at once (decision 049), on the desk's first screen: a year,
 * then one archive with a folder per family and a PDF per child, counted as it downloads.
 */
export function StatementsArchive() {
  const id = useId();
  const years = endedYears(academyToday());
  const [year, setYear] = useState(years[0]!);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    setOutcome(null);
    try {
      const { blob, total } = await fetchStatementsArchive(year, (done, all) => setProgress({ done, total: all }));
      if (!blob) {
        setOutcome(`No family paid anything in ${year}: there is no statement to make.`);
        return;
      }
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `statements-${year}.zip`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setOutcome(`Downloaded ${progressText(total, total)} for ${year} (statements-${year}.zip).`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The statements could not be made.");
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Year-end statements
      </h2>
      <p className={HINT}>
        Every family&apos;s statements of a year in one archive: a folder per family, a PDF per child who had payments
        that year.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-year`} className="text-sm font-semibold text-slate-900 dark:text-white">
            Year
          </label>
          <select
            id={`${id}-year`}
            className={inputStyles}
            value={year}
            disabled={busy}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => void download()}>
          {busy ? "Making the statements…" : `Download every statement for ${year}`}
        </button>
      </div>
      {progress && (
        <div className="flex flex-col gap-1">
          <progress
            className="w-full max-w-md accent-orange-700"
            max={Math.max(progress.total, 1)}
            value={Math.min(progress.done, progress.total)}
            aria-labelledby={`${id}-progress`}
          />
          <p id={`${id}-progress`} className="text-sm text-slate-700 dark:text-slate-300">
            {progressText(progress.done, progress.total)}
          </p>
        </div>
      )}
      <p role="status" className="text-sm font-semibold text-slate-900 dark:text-white">
        {outcome}
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
    </section>
  );
}
