import type { ReactNode } from "react";

/**
 * A page whose feature has not been released yet: says so plainly, under the page's real heading,
 * instead of showing a form or a table that cannot work.
 */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-400">
        {children ?? "This page is coming soon."}
      </p>
    </section>
  );
}
