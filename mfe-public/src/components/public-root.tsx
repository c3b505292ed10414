import type { ReactNode } from "react";
import { SCOPE_CLASS } from "./scope";

/** The root of every page of this remote: its utilities apply only inside it. */
export function PublicRoot({ children }: { children: ReactNode }) {
  return <div className={SCOPE_CLASS}>{children}</div>;
}
