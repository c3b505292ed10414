import { Component, lazy, Suspense, useState, type ErrorInfo, type LazyExoticComponent, type ReactNode } from "react";
import { REMOTES, type RemoteName } from "./remotes";
import { loadRemotePage, resetRemote, type PageModule } from "./registry";
import { PageSkeleton } from "../layout/page-skeleton";
import { findPrerendered, PrerenderedPage } from "./prerendered-page";

/** One lazy component per remote page, kept for the session so navigating back does not flash. */
const lazyPages = new Map<string, LazyExoticComponent<PageModule["default"]>>();

/**
 * The page's code; with `queries`, the page's QueryClient and its library as well, loaded at the
 * same time, so a page that asks for data does not wait for one after the other.
 */
function lazyPage(remote: RemoteName, exposed: string, queries: boolean) {
  const key = `${remote}/${exposed}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(() =>
      queries
        ? Promise.all([loadRemotePage(remote, exposed), import("./query-page")]).then(([mod, { withQueries }]) => ({
            default: withQueries(mod.default),
          }))
        : loadRemotePage(remote, exposed),
    );
    lazyPages.set(key, page);
  }
  return page;
}

function forgetRemotePages(remote: RemoteName): void {
  for (const key of [...lazyPages.keys()]) if (key.startsWith(`${remote}/`)) lazyPages.delete(key);
  resetRemote(remote);
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Third layer of "a remote is down": contain the failure to the remote's area, offer a retry. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] ${this.props.remote} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { label } = REMOTES[this.props.remote];
    return (
      <section
        role="alert"
        data-testid={`remote-fallback-${this.props.remote}`}
        className="mx-auto my-16 max-w-lg rounded-2xl border border-amber-300 bg-amber-50 p-8 text-center shadow-sm dark:border-amber-700 dark:bg-amber-950/40"
      >
        <h2 className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          This part of the site is unavailable
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          The {label.toLowerCase()} could not be loaded right now. The rest of the site still works.
        </p>
        <button
          type="button"
          onClick={this.props.onRetry}
          className="mt-6 inline-flex items-center rounded-full bg-orange-700 px-6 py-2.5 font-semibold text-white shadow hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
        >
          Try again
        </button>
      </section>
    );
  }
}

/**
 * Mounts one exposed page of a remote, with its own loading state and failure boundary. A page that
 * asks for no data on its own (`queries` false: the home page, whose lists load as sections) is
 * rendered without the page's QueryClient.
 */
export function RemotePage({
  remote,
  exposed,
  queries = true,
}: {
  remote: RemoteName;
  exposed: string;
  queries?: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(remote, exposed, queries);
  // Read while rendering: the painted page is outside React until this fallback adopts it.
  const prerendered = findPrerendered(remote, exposed);
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      onRetry={() => {
        forgetRemotePages(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={prerendered ? <PrerenderedPage node={prerendered} /> : <PageSkeleton />}>
        <div data-remote={remote} className="contents">
          {/* eslint-disable-next-line react-hooks/static-components -- one cached lazy component per page, not a new one per render */}
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
