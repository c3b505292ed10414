import { useEffect, useRef, type ReactNode } from "react";

/**
 * A card action opened on My Balance (paying a refused charge, using another card): a region
 * named by its heading, which takes focus when it opens, and a way to close it.
 */
export function BalancePanel({
  id,
  title,
  level,
  done,
  onClose,
  children,
}: {
  id: string;
  title: string;
  level: 2 | 3;
  done: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-indigo-200 bg-indigo-50/50 p-4 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <div className="mb-2 flex items-start justify-between gap-3">
        <Heading
          id={id}
          ref={heading}
          tabIndex={-1}
          className="font-display text-lg font-bold text-slate-900 dark:text-white"
        >
          {title}
        </Heading>
        <button
          type="button"
          onClick={onClose}
          className="text-sm font-semibold text-slate-700 underline underline-offset-2 dark:text-slate-300"
        >
          {done ? "Close" : "Not now"}
        </button>
      </div>
      {children}
    </section>
  );
}
