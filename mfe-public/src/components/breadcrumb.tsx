import { Link } from "react-router-dom";

/** A detail page's way back: its list (`parent`), then the page itself (`current`). */
export function Breadcrumb({ parent, current }: { parent: { to: string; label: string }; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-500 dark:text-slate-400">
        <li>
          <Link to={parent.to} className="font-medium hover:text-orange-700 dark:hover:text-orange-400">
            {parent.label}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-semibold text-slate-700 dark:text-slate-200">
          {current}
        </li>
      </ol>
    </nav>
  );
}
