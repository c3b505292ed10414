// Build-time only (mfe-public/prerender.mjs runs it in Node after the production build): the HTML
// of a page's first state, before any data arrives, so the shell can paint it before this remote's
// code has loaded (decision 018). It never ships to browsers.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { academyStore } from "shared-auth";
import { PaintedCopy } from "../lib/painted-copy";
import { readClassList } from "../features/class-list/class-filters";
import { CLASS_PAGE_SIZE, classPageRequest } from "../lib/public-queries";
import ClassesPage from "../pages/classes-page";
import HomePage from "../pages/home-page";

/** A GET a page makes as it opens, as it asks the API client for it. */
export interface FirstCall {
  path: string;
  params: Record<string, string>;
}

/**
 * The pages painted ahead of this remote's code, by the name the remote exposes them under, with
 * the calls each makes as it opens for a visitor (ADR 025: the shell's index.html starts them with
 * the painted page, and the API client answers the page's own request from them).
 */
export const PRERENDERED_PAGES: Record<string, { path: string; Page: ComponentType; firstCalls: () => FirstCall[] }> = {
  // Its lists wait for the visitor to scroll near them.
  HomePage: { path: "/", Page: HomePage, firstCalls: () => [] },
  // Its bare address (the shell paints none with a query); the filter form is disabled in the copy.
  ClassesPage: {
    path: "/classes",
    Page: ClassesPage,
    firstCalls: () => [classPageRequest(readClassList(new URLSearchParams()).query, 1, CLASS_PAGE_SIZE)],
  },
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
