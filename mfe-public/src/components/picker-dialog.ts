import { useEffect, useRef, useState } from "react";
import { actionColors } from "./form-styles";

/** What the family's pickers (whose seat, who waits) share: a modal <dialog>, ticks, two buttons. */

/** The <dialog>'s box: centred, phone-wide at 390 px, scrolling inside when taller than the screen. */
export const PICKER_DIALOG =
  "m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-left text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 dark:scheme-dark";

const buttonLook =
  "inline-flex min-h-11 min-w-28 cursor-pointer items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const CANCEL_BUTTON = `${buttonLook} border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
export const SUBMIT_BUTTON = `${buttonLook} ${actionColors} focus-visible:outline-orange-500`;

/** Opens the <dialog> modally on mount (the browser keeps focus inside; Escape fires its cancel) and closes it on unmount. */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}

/** The ticked campers' ids; `onToggle` runs on each tick (a shown problem goes). */
export function useTicks(onToggle: () => void) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string, on: boolean) => {
    onToggle();
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  return { ticked, toggle, clear: () => setTicked(new Set()) };
}
