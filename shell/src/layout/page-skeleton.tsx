/**
 * Placeholder while a page's code loads. It fills the viewport, so the footer stays below the fold
 * until the page arrives and nothing in view moves when it does (no layout shift).
 */
export function PageSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading page"
      className="mx-auto min-h-screen max-w-6xl animate-pulse px-4 py-12 motion-reduce:animate-none"
    >
      <div className="mx-auto h-4 w-40 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mx-auto mt-4 h-8 w-72 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-10 grid gap-6 sm:grid-cols-2 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-64 rounded-2xl bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
