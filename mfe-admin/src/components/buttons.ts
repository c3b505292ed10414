/** Button looks shared by the admin tables (WCAG AA colours in both themes). */
const base =
  "inline-flex items-center justify-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

export const buttonStyles = {
  primary: `${base} bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-700`,
  approve: `${base} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700`,
  deny: `${base} bg-amber-700 text-white hover:bg-amber-800 focus-visible:outline-amber-700`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  plain: `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
};

export const inputStyles =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
