/** Looks shared by the public pages (kept apart from components, for Fast Refresh). */

const fieldLook =
  "mt-1.5 block w-full rounded-xl border border-slate-300 bg-white py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-orange-500 focus:outline-2 focus:outline-offset-0 focus:outline-orange-500/40 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-500";

/** The forms' inputs. */
export const inputClass = `${fieldLook} px-4`;

/** Inputs in a dense grid (the class filters): narrower sides, so a phone's half-width date or pick shows whole. */
export const compactInputClass = `${fieldLook} px-3`;

/** Orange call-to-action colours: white on orange-700 is readable (WCAG AA, 5.2:1); orange-500 is not. */
export const actionColors = "bg-orange-700 text-white hover:bg-orange-800";

/** The outlined "View More" / "Show more" button under a list. */
export const moreClass =
  "inline-flex items-center gap-2 rounded-full border-2 border-orange-500 px-7 py-3 font-semibold text-orange-700 transition-colors hover:bg-orange-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:text-orange-400 dark:hover:text-white";
