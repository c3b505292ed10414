/** The look of the public forms' inputs (kept apart from components, for Fast Refresh). */
export const inputClass =
  "mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-orange-500 focus:outline-2 focus:outline-offset-0 focus:outline-orange-500/40 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-500";
