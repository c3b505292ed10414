import { useEffect, useState, useSyncExternalStore } from "react";
import type { BusyStore } from "shared-auth";
import "./very-busy-notice.css";

const words = (seconds: number) =>
  seconds > 0 ? `Very busy: trying again in ${seconds} s` : "Very busy: trying again now…";

/**
 * "Very busy: trying again in N s" while a request waits out the API's 503 or 429 (shared-auth
 * busy.ts); the request is sent again by itself and the page underneath keeps what was typed and
 * chosen. Loaded the first time the API is busy, so no page pays for it before. Screen readers
 * hear the notice once per wait (politely); the count itself is for the eyes.
 */
export default function VeryBusyNotice({ store }: { store: BusyStore }) {
  const wait = useSyncExternalStore(store.subscribeBusy, store.busyWait, store.busyWait);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (wait === null) return;
    // The first count a moment after the live region is in the page (a region added with its
    // words is not always read), then four times a second.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => {
      clearTimeout(first);
      clearInterval(tick);
    };
  }, [wait]);
  const shown = wait !== null && now !== null;
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={shown ? "very-busy-notice" : "sr-only"}>
      {shown && (
        <>
          <span className="sr-only">{words(wait.seconds)}</span>
          <span aria-hidden="true">{words(Math.max(0, Math.ceil((wait.until - now) / 1000)))}</span>
        </>
      )}
    </div>
  );
}
