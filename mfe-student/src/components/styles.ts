/** The orange of every call-to-action (white on orange-700: 5.2:1), as on the public site. */
export const actionColors = "bg-orange-700 text-white hover:bg-orange-800";
export const actionButton = `inline-flex items-center justify-center rounded-full px-5 py-2.5 font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-60 ${actionColors}`;
export const card = "rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900";

/** Dollars as the site shows them: two decimals. */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** A quieter action beside the content (Cancel seat): outlined, the same focus ring. */
export const buttonSecondary =
  "inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
