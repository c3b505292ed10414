import { useEffect, useRef, useState } from "react";
import { apiErrorStatus, errorMessage, serverNow } from "shared-auth";
import { clock } from "./clock";

/** The warning comes this long before the hold ends (WCAG 2.2.1 asks for at least 20 s to react). */
export const WARN_BEFORE_MS = 60_000;

/** The API's time (its hold ends are on its clock, whatever this device's says), once a second. */
function useNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface HoldTimerProps {
  expiresAt: string;
  maxExpiresAt: string;
  onExtend: () => void;
  extending: boolean;
  extendError: unknown;
  /** The end the last extension answered, while it is the one shown: confirmed once, politely. */
  extendedTo: string | null;
  /** Called once when the hold has run out. */
  onExpired: () => void;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * The seat hold as a countdown. The time itself is not announced every second (role="timer" is
 * not live); a polite message is announced once when less than a minute is left, with Extend, and
 * once when an extension went through. The times shown are the server's: an extension may end
 * short of a full hold (a checkout holds its seats 45 minutes at most), and once the hold is at
 * its limit, or the server refused to extend it, Extend is no longer offered.
 */
export function HoldTimer({
  expiresAt,
  maxExpiresAt,
  onExtend,
  extending,
  extendError,
  extendedTo,
  onExpired,
}: HoldTimerProps) {
  const now = useNow();
  const left = Date.parse(expiresAt) - now;
  const atLimit = Date.parse(maxExpiresAt) - Date.parse(expiresAt) <= 1000;
  // 409: at its limit, run out or paid meanwhile; the message says which.
  const canExtend = !atLimit && apiErrorStatus(extendError) !== 409;
  const warning = left <= WARN_BEFORE_MS;
  const expiredRef = useRef(false);
  useEffect(() => {
    if (left <= 0 && !expiredRef.current) {
      expiredRef.current = true;
      onExpired();
    }
    if (left > 0) expiredRef.current = false;
  }, [left, onExpired]);
  const until = timeOf(expiresAt);

  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-4 py-3 ${
        warning
          ? "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40"
          : "border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
      }`}
    >
      <p className="text-slate-800 dark:text-slate-200">
        Your seats are held for{" "}
        <span role="timer" className="font-mono text-lg font-bold tabular-nums">
          {clock(left)}
        </span>
      </p>
      {canExtend ? (
        <button
          type="button"
          onClick={onExtend}
          disabled={extending || left <= 0}
          className="rounded-full border border-slate-400 bg-white px-4 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:opacity-60 dark:bg-slate-800 dark:text-white"
        >
          {extending ? "Extending…" : "Extend"}
        </button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This hold cannot be extended further: your seats are held until {until}.
        </p>
      )}
      {canExtend && (
        <p className="w-full text-sm text-slate-600 dark:text-slate-400">
          Extend keeps them longer, up to {timeOf(maxExpiresAt)} at the latest.
        </p>
      )}
      <p
        aria-live="polite"
        className={`w-full text-sm font-medium empty:sr-only ${
          warning ? "text-amber-900 dark:text-amber-200" : "text-slate-800 dark:text-slate-200"
        }`}
      >
        {warning && left > 0
          ? `Less than a minute left: your seats will be released at ${until} unless you pay${canExtend ? " or press Extend" : ""}.`
          : extendedTo === expiresAt && left > 0
            ? `Extended: your seats are held until ${until}${atLimit ? ", the longest this checkout can hold them" : ""}.`
            : ""}
      </p>
      {extendError !== null && extendError !== undefined && (
        <p role="alert" className="w-full text-sm font-medium text-red-700 dark:text-red-300">
          {errorMessage(extendError)}
        </p>
      )}
    </div>
  );
}
