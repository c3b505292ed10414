import { useEffect, useId, useRef, useState } from "react";
import { academyToday } from "shared-auth/academy-time";
import { figuresText, nextSeason } from "../../lib/aid";
import { useAidOverview } from "../../lib/aid-api";
import { buttonStyles, inputStyles } from "../buttons";
import { ErrorState, TableSkeleton } from "../states";
import { AidApplications } from "./aid-applications";
import { AidSeasonForm } from "./aid-season-form";
import { HINT, LABEL } from "./fields";

/**
 * Financial aid on the desk's first screen: a season's budget and what is awarded and used of it,
 * its settings, and the families' applications to read and decide. With no season yet, the form
 * to set one up, for next year by default.
 */
export function AidPanel() {
  const id = useId();
  // The season shown: null is the API's default, the newest.
  const [chosen, setChosen] = useState<number | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [done, setDone] = useState<{ text: string; n: number } | null>(null);
  const [today] = useState(() => academyToday());
  const statusRef = useRef<HTMLParagraphElement>(null);
  const overview = useAidOverview(chosen);
  const next = nextSeason(today);

  // What was done is said where focus can find it: the form or the buttons that did it may be gone.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);
  const say = (text: string) => setDone((d) => ({ text, n: (d?.n ?? 0) + 1 }));

  const saved = (season: number, created: boolean) => {
    setSettingUp(false);
    setChosen(season);
    say(created ? `Financial aid for ${season} is set up.` : `Financial aid for ${season}: saved.`);
  };

  let body;
  if (overview.isPending) body = <TableSkeleton label="Loading financial aid" rows={2} />;
  else if (overview.isError)
    body = <ErrorState what="Financial aid" error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (overview.data.season === null || settingUp) {
    const { seasons } = overview.data;
    // The year offered: next year, or the one after the newest season if next year has one already.
    const year = Math.max(next, ...seasons.map((s) => s.season + 1));
    body = (
      <AidSeasonForm
        season={null}
        defaultYear={year}
        onSaved={saved}
        {...(settingUp && { onCancel: () => setSettingUp(false) })}
      />
    );
  } else {
    const { seasons, season, applications } = overview.data;
    body = (
      <>
        <div className="flex flex-wrap items-end gap-3">
          {seasons.length > 1 && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-season`} className={LABEL}>
                Season
              </label>
              <select
                id={`${id}-season`}
                className={inputStyles}
                value={season.season}
                onChange={(e) => setChosen(Number(e.target.value))}
              >
                {seasons.map((s) => (
                  <option key={s.season} value={s.season}>
                    {s.season}
                  </option>
                ))}
              </select>
            </div>
          )}
          {!seasons.some((s) => s.season >= next) && (
            <button type="button" className={buttonStyles.plain} onClick={() => setSettingUp(true)}>
              Set up {next}
            </button>
          )}
        </div>
        <p className="text-sm font-semibold break-words text-slate-900 tabular-nums dark:text-white">
          {season.season}: {figuresText(season)}
        </p>
        <p className={HINT}>{season.open ? "Open: families can apply." : "Closed: families cannot apply."}</p>
        <AidSeasonForm key={season.season} season={season} defaultYear={season.season} onSaved={saved} />
        <AidApplications season={season} applications={applications} onDecided={say} />
      </>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Financial aid
      </h2>
      <p
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className={
          done
            ? "rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
            : "sr-only"
        }
      >
        {done?.text}
      </p>
      {body}
    </section>
  );
}
