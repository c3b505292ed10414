import { createContext, useContext } from "react";

/**
 * True while this remote's build renders a page to HTML (decision 018): the copy the shell paints
 * before the page's code has loaded. A form in it is disabled: text typed there would be lost when
 * the remote's page replaces the copy, so a visitor cannot type until the page can keep it.
 */
export const PaintedCopy = createContext(false);

export function usePaintedCopy(): boolean {
  return useContext(PaintedCopy);
}
