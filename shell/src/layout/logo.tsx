import { Link } from "react-router-dom";
import { resolveImageUrl, useAcademyFacts } from "shared-auth";

/**
 * The academy's mark: a stylised peak over a ball's seam. `onDark` is for a surface that is dark in
 * both themes (the footer): the name is then always light.
 */
export function Logo({ className = "", onDark = false }: { className?: string; onDark?: boolean }) {
  const { name, logoUrl } = useAcademyFacts();
  // The name's first word large, the rest small under it ("Summit" / "Sports Academy").
  const space = name.indexOf(" ");
  return (
    <Link to="/" className={`inline-flex items-center gap-2.5 ${className}`} aria-label={`${name}, home`}>
      {logoUrl ? (
        // The academy's own logo (decision 051); the link's name says whose it is.
        <img
          src={resolveImageUrl(logoUrl)}
          alt=""
          width={36}
          height={36}
          className="h-9 w-9 shrink-0 rounded-full object-cover"
        />
      ) : (
        <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
          <circle cx="20" cy="20" r="19" fill="#f97316" />
          <path d="M6 28 L16 13 L21 20 L25 15 L34 28 Z" fill="#fff" />
          <path d="M16 13 L19 17.5 L16.5 17 L14 19 Z" fill="#1e1b4b" opacity="0.35" />
          <path d="M4 29 Q20 35 36 29" stroke="#1e1b4b" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        </svg>
      )}
      <span
        className={`font-display text-lg leading-tight font-extrabold tracking-tight ${
          onDark ? "text-white" : "text-slate-900 dark:text-white"
        }`}
      >
        {space < 0 ? name : name.slice(0, space)}{" "}
        <span
          className={`block text-xs font-semibold tracking-[0.2em] uppercase ${
            onDark ? "text-orange-400" : "text-orange-700 dark:text-orange-400"
          }`}
        >
          {space < 0 ? "" : name.slice(space + 1)}
        </span>
      </span>
    </Link>
  );
}
