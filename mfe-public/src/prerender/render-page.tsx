// Build-time only (mfe-public/prerender.mjs runs it in Node after the production build): the HTML
// of a page's first state, before any data arrives, so the shell can paint it before this remote's
// code has loaded (decision 018). It never ships to browsers.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { academyStore } from "shared-auth";
import { PaintedCopy } from "../lib/painted-copy";
import ClassesPage from "../pages/classes-page";
import HomePage from "../pages/home-page";

/** The pages painted ahead of this remote's code, by the name the remote exposes them under. */
export const PRERENDERED_PAGES: Record<string, { path: string; Page: ComponentType }> = {
  HomePage: { path: "/", Page: HomePage },
  // Its bare address (the shell paints none with a query); the filter form is disabled in the copy.
  ClassesPage: { path: "/classes", Page: ClassesPage },
};

/**
 * The page as a signed-out visitor first sees it: skeletons where data goes, nothing that depends
 * on who is signed in except what is marked `data-visitor-only` (the shell's inline script drops
 * those for a browser that holds a session).
 */
export function renderPage(name: string): string {
  const entry = PRERENDERED_PAGES[name];
  if (!entry) throw new Error(`no prerendered page named ${name}`);
  academyStore.setState({ status: "signed-out", user: null, role: null, theme: "light" });
  // A server render reads a zustand store's initial state (useSyncExternalStore's server snapshot).
  academyStore.getInitialState = academyStore.getState;
  // A client that never fetches: on the server every query stays pending, so lists show skeletons.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const { Page } = entry;
  return renderToString(
    <MemoryRouter initialEntries={[entry.path]}>
      <QueryClientProvider client={client}>
        <PaintedCopy.Provider value={true}>
          <Page />
        </PaintedCopy.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
