/**
 * Indeterminate progress bar shown while a guard decides access. It fills the viewport, as the page
 * skeleton does, so the footer stays below the fold until the page arrives (no layout shift).
 */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      className="mx-auto min-h-screen w-full max-w-3xl px-4 py-24"
    >
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-orange-100 dark:bg-slate-800">
        <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] rounded-full bg-orange-500 motion-reduce:animate-none" />
      </div>
      <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">{label}…</p>
    </div>
  );
}
