import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { academyStore, useAcademy, VERY_BUSY_EVENT, WAITING_ROOM_EVENT, type BusyStore } from "shared-auth";
import { isChromeHidden } from "../routes/sidebar-menus";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import { useScrollMemory } from "./scroll-memory";
import { SESSION_ENDED_EVENT } from "./session-events";

/** Loaded the first time the API answers "very busy" (decision 035): no page pays for it before. */
const VeryBusyNotice = lazy(() => import("./very-busy-notice"));

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname } = location;
  const theme = useAcademy((s) => s.theme);
  const chrome = !isChromeHidden(pathname);
  useScrollMemory();
  // The API's first "very busy" answer brings the notice and the store of waits it shows.
  const [busy, setBusy] = useState<BusyStore | null>(null);
  useEffect(() => {
    const show = (event: Event) => setBusy((event as CustomEvent<BusyStore>).detail);
    window.addEventListener(VERY_BUSY_EVENT, show);
    return () => window.removeEventListener(VERY_BUSY_EVENT, show);
  }, []);

  // A registration opening's waiting room (the API's decision 043), said by any answer of the API or
  // by its refusal of a booking: a family goes to the room, unless signing in or up; staff never do.
  useEffect(() => {
    const toRoom = () => {
      const { pathname, search } = window.location;
      const { role } = academyStore.getState();
      if (/^\/(waiting-room|login|signup)/.test(pathname) || role === "admin" || role === "instructor") return;
      navigate(`/waiting-room?next=${encodeURIComponent(pathname + search)}`);
    };
    addEventListener(WAITING_ROOM_EVENT, toRoom);
    return () => removeEventListener(WAITING_ROOM_EVENT, toRoom);
  }, [navigate]);

  useEffect(() => {
    const toLogin = () => {
      if (!window.location.pathname.startsWith("/login"))
        navigate("/login", { replace: true, state: { from: location } });
    };
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate, location]);

  useEffect(() => {
    document.documentElement.classList.toggle("dark", theme === "dark");
  }, [theme]);

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-800 dark:bg-slate-950 dark:text-slate-200">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      {chrome && <Navbar />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {chrome && <Footer />}
      {busy && (
        <Suspense fallback={null}>
          <VeryBusyNotice store={busy} />
        </Suspense>
      )}
    </div>
  );
}
