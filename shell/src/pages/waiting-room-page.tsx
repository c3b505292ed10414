import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { api, apiErrorStatus, errorMessage, keepPass, serverNow, useAcademy } from "shared-auth";
import { countOf } from "shared-auth/plural";
import type { WaitingRoomPlace } from "shared-auth/wire";
import { primaryButton, secondaryButton } from "../account/button-styles";
import { browserId, keepTicket, storedTicket } from "../waiting-room/browser";
import { aboutHowLong, academyClock, nextAskMs, nextPath } from "../waiting-room/words";

type View =
  | { kind: "joining" }
  | { kind: "waiting"; place: number; ahead: number; seconds: number; opensAt: string; opensLater: boolean }
  | { kind: "in"; until: string | null; signedIn: boolean }
  | { kind: "open" }
  | { kind: "error"; message: string };

/**
 * The registration opening's waiting room (the API's decision 043): the family's place in line by
 * arrival, how many are ahead and about how long, asked again every few seconds; once it is their
 * turn, the pass every later call carries, and the way on. Signing in keeps the place.
 */
export function WaitingRoomPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAcademy((s) => s.status === "signed-in");
  const [view, setView] = useState<View>({ kind: "joining" });
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = nextPath(location.search);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (ticket: string | null): Promise<void> => {
      try {
        // A place is taken once (signed in, it becomes the account's); then only asked about.
        const { data } = ticket
          ? await api.get<WaitingRoomPlace>("/waiting-room/places/mine", { headers: { "Waiting-Room-Ticket": ticket } })
          : await api.post<WaitingRoomPlace>("/waiting-room/places", { browserId: browserId() });
        if (stopped) return;
        keepTicket({ ticket: data.ticket, opensAt: data.opensAt });
        if (data.state === "in") {
          if (data.pass && data.passExpiresAt)
            keepPass({ pass: data.pass, expiresAt: data.passExpiresAt, opensAt: data.opensAt });
          setView({ kind: "in", until: data.passExpiresAt, signedIn: data.pass !== null });
          return;
        }
        const { place, ahead, seconds, opensAt } = data;
        setView({ kind: "waiting", place, ahead, seconds, opensAt, opensLater: Date.parse(opensAt) > serverNow() });
        timer = setTimeout(() => void ask(data.ticket), nextAskMs(data.seconds));
      } catch (error) {
        if (stopped) return;
        const status = apiErrorStatus(error);
        if (status === 409) setView({ kind: "open" });
        // A ticket of an earlier opening: a new place in this one.
        else if (status === 404 && ticket) await ask(null);
        else setView({ kind: "error", message: errorMessage(error) });
      }
    };
    // Signing in while waiting asks again: the browser's place becomes the account's, with its pass.
    void ask(signedIn ? null : storedTicket());
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [attempt, signedIn]);

  const turn = view.kind === "in" || view.kind === "open";
  useEffect(() => {
    if (turn) heading.current?.focus();
  }, [turn]);

  const title =
    view.kind === "in" ? "It's your turn" : view.kind === "open" ? "Registration is open" : "You're in line";
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
      aria-labelledby="room-title"
    >
      <h1
        id="room-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-3xl font-bold text-slate-900 outline-none dark:text-white"
      >
        {title}
      </h1>
      {/* Said once per change of state, not at every count. */}
      <p role="status" className="sr-only">
        {view.kind === "waiting" ? `You are number ${view.place} in line.` : turn ? title : ""}
      </p>
      {view.kind === "joining" && <p className="mt-6 text-slate-600 dark:text-slate-400">Taking your place in line…</p>}
      {view.kind === "waiting" && <Waiting view={view} />}
      {view.kind === "in" && (
        <>
          <p className="mt-4 text-slate-600 dark:text-slate-400">
            {view.signedIn
              ? `You can book now${view.until ? ` until ${academyClock(view.until)} (Pacific time)` : ""}: the site lets you through however busy it is.`
              : `Sign in to book. Your place lets you book${view.until ? ` until ${academyClock(view.until)} (Pacific time)` : ""}.`}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {view.signedIn ? (
              <button type="button" className={primaryButton} onClick={() => navigate(next, { replace: true })}>
                Continue
              </button>
            ) : (
              <>
                <Link to="/login" state={{ from: location }} className={primaryButton}>
                  Sign in
                </Link>
                <Link to="/signup" state={{ from: location }} className={secondaryButton}>
                  Create an account
                </Link>
              </>
            )}
          </div>
        </>
      )}
      {view.kind === "open" && (
        <button type="button" className={`mt-8 ${primaryButton}`} onClick={() => navigate(next, { replace: true })}>
          Continue
        </button>
      )}
      {view.kind === "error" && (
        <div className="mt-6">
          <p role="alert" className="text-red-700 dark:text-red-400">
            {view.message}
          </p>
          <button type="button" className={`mt-4 ${secondaryButton}`} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

function Waiting({ view }: { view: Extract<View, { kind: "waiting" }> }) {
  return (
    <>
      <p className="mt-8 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Your place
      </p>
      <p className="font-display text-7xl font-black text-indigo-700 dark:text-indigo-300" data-testid="room-place">
        {view.place.toLocaleString("en-US")}
      </p>
      <p className="mt-4 text-lg text-slate-800 dark:text-slate-200">
        {view.ahead === 0 ? "You're next." : `${countOf(view.ahead, "family", "families")} ahead of you.`} Your turn in{" "}
        {aboutHowLong(view.seconds)}.
      </p>
      {view.opensLater && (
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Registration opens at {academyClock(view.opensAt)} (Pacific time). Families are let in in the order they
          arrived.
        </p>
      )}
      <p className="mt-6 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Keep this page open: it lets you in by itself when it is your turn. Opening it in more tabs or on another device
        with the same account keeps the same place.
      </p>
    </>
  );
}
