import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { api, loadAcademyFacts, logOut, setRuntimeEnv, setUnauthorizedHandler, startSession } from "shared-auth";
import { callsApiOnOpen, hasStoredSession, usesQueriesOnOpen } from "./federation/route-preload";
import { startRemotes } from "./federation/startup";
import { AppRouter } from "./routes/router";
import { SESSION_ENDED_EVENT } from "./layout/session-events";

async function start() {
  // Started by index.ts already (remotes registered, the page's remote on its way): the same promise.
  const config = await startRemotes(location.pathname);
  for (const problem of config.problems) console.error(`[shell] ${problem}`);
  setRuntimeEnv(config.env);
  // The page's first call would otherwise wait for axios to download after the page's own code.
  if (callsApiOnOpen(location.pathname, hasStoredSession())) api.preload();
  // Likewise the queries' library (decision 042); a failed head start is retried by the page's own load.
  if (usesQueriesOnOpen(location.pathname, hasStoredSession()))
    void import("./federation/query-page").catch(() => undefined);
  // Spec section 8: a 401/403 on an authenticated call signs the user out and sends them to /login.
  setUnauthorizedHandler(() => {
    void logOut();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  });

  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root");
  const root = createRoot(container);
  // A transition: React renders the app in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task (what is on screen meanwhile is the painted page).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    );
  });
  // Rendering does not wait for the session: public pages paint first, then Firebase loads
  // (in its own chunks) and settles who is signed in; guards wait for that.
  void startSession();
  // The academy's name and contacts as an admin last set them (decision 051): the page shows the
  // remembered ones meanwhile. A new installation's first visit is sent to its setup from there.
  void loadAcademyFacts();
}

void start();
