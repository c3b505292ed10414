import { useEffect, useRef } from "react";

/**
 * A <dialog> opened as a modal while its component is mounted: the browser keeps focus inside it,
 * and on close focus goes back to whatever opened it (the admin's dialogs all work this way).
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return ref;
}
