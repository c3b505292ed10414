import { useLayoutEffect, useRef } from "react";
import type { RemoteName } from "./remotes";

/** The element index.html's inline script paints a remote's prerendered page into (decision 018). */
export const PRERENDERED_ID = "prerendered-page";

/**
 * The prerendered page of this remote page, while it is still in the document: painted by the
 * inline script before the shell started, then shown by `PrerenderedPage` until the remote's own
 * page replaces it. Once replaced (or for any other page) there is none.
 */
export function findPrerendered(remote: RemoteName, exposed: string): HTMLElement | null {
  const node = document.getElementById(PRERENDERED_ID);
  return node?.dataset.page === `${remote}/${exposed}` ? node : null;
}

/**
 * Keeps the painted page on screen while the remote's code loads: React's first render empties
 * #root, and this moves the same element (its images already decoded) into its place before the
 * browser paints again, so nothing flashes or moves.
 */
export function PrerenderedPage({ node }: { node: HTMLElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (node.parentElement !== slot.current) slot.current?.append(node);
  }, [node]);
  return <div ref={slot} />;
}
