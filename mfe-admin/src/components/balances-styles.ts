/** The Balances due page's tables: one look for the totals and the charges. */
export const CELL = "px-3 py-2 align-top";
export const TABLE_BOX =
  "overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:border-slate-800 dark:bg-slate-900";
export const HEAD = "border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400";
export const ROW = "border-b border-slate-100 last:border-0 dark:border-slate-800";
