/** Placeholder while a remote page's code loads. */
export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading page" className="mx-auto max-w-6xl animate-pulse px-4 py-12">
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
