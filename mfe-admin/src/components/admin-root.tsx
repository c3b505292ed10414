import type { ReactNode } from "react";

/** The class this remote's utilities are scoped to (see styles.css). */
export const SCOPE_CLASS = "mfe-admin";

/** The root of every page of this remote: its utilities apply only inside it. */
export function AdminRoot({ children }: { children: ReactNode }) {
  return <div className={SCOPE_CLASS}>{children}</div>;
}
