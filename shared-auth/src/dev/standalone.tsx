import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Link, Route, Routes } from "react-router-dom";
import { startSession, setRuntimeEnv } from "shared-auth";
import { queryClient } from "shared-auth/queries";

/**
 * A remote's own page when opened directly (its team's dev server): every exposed page on a
 * route of its own, without the shell. In the site, the shell mounts these pages instead.
 */
export function mountStandalone(title: string, pages: Record<string, ComponentType>, apiUrl = "http://localhost:4000") {
  // The local run's accounts: the Firebase Auth Emulator started by `npm start` / `npm run dev`.
  setRuntimeEnv({
    apiUrl,
    firebase: { apiKey: "demo-api-key", authDomain: "demo-academy.firebaseapp.com", projectId: "demo-academy" },
    authEmulatorUrl: "http://127.0.0.1:9099",
    // The local payment sandbox started by `npm start` / `npm run dev`.
    payments: {
      publishableKey: "pk_test_local_sandbox",
      sandboxUrl: "http://127.0.0.1:12111",
      stripeJsUrl: "http://127.0.0.1:12111/v3/",
    },
  });
  void startSession();
  const names = Object.keys(pages);
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root");
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <span>
              <strong>{title}</strong> (standalone):
            </span>
            {names.map((name) => (
              <Link key={name} to={`/${name}`} className="text-indigo-700 underline">
                {name}
              </Link>
            ))}
          </header>
          <main className="mx-auto max-w-6xl p-4">
            <Routes>
              {names.map((name) => {
                const Page = pages[name]!;
                return <Route key={name} path={`/${name}/*`} element={<Page />} />;
              })}
              <Route path="*" element={<p>Pick a page above.</p>} />
            </Routes>
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
