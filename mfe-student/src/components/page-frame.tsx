import type { ReactNode } from "react";
import { StudentRoot } from "./student-root";

/** A student page: its heading, an optional line under it, then its content. */
export function PageFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <StudentRoot>
      <section className="flex flex-col gap-6">
        <header>
          <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
          {intro && <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>}
        </header>
        {children}
      </section>
    </StudentRoot>
  );
}
