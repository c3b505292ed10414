import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { resolveImageUrl, type SessionUser } from "shared-auth";

export function Avatar({ user, size = "h-9 w-9" }: { user: SessionUser; size?: string }) {
  const [broken, setBroken] = useState(false);
  const src = resolveImageUrl(user.photoURL);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setBroken(true)}
        className={`${size} rounded-full object-cover ring-2 ring-orange-400`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center rounded-full bg-indigo-700 font-bold text-white ring-2 ring-orange-400`}
    >
      {(user.displayName || user.email).slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The signed-in avatar (spec section 2): the display name on hover, and on click a menu with
 * the name, a "New" badge, Settings and Logout. Escape or a click outside closes it.
 */
export function AccountMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = user.displayName || user.email;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="group relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu of ${name}`}
        onClick={() => setOpen((o) => !o)}
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500"
      >
        <Avatar user={user} />
      </button>
      {!open && (
        <span
          role="tooltip"
          className="pointer-events-none absolute top-11 right-0 z-50 hidden rounded-md bg-slate-900 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-white shadow group-hover:block dark:bg-slate-700"
        >
          {name}
        </span>
      )}
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          className="absolute top-12 right-0 z-50 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <span className="truncate font-semibold text-slate-900 dark:text-white">{name}</span>
            <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-bold text-orange-700 dark:bg-orange-500/20 dark:text-orange-300">
              New
            </span>
          </div>
          <p className="truncate px-3 pb-2 text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          <hr className="my-1 border-slate-200 dark:border-slate-700" />
          <Link
            role="menuitem"
            to="/settings"
            onClick={() => setOpen(false)}
            className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
