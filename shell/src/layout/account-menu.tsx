import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { UserAvatar, type SessionUser } from "shared-auth";

/** The signed-in user's photo, or their initials where there is none or it does not load. */
export function Avatar({ user, size = "h-9 w-9 text-sm" }: { user: SessionUser; size?: string }) {
  return (
    <UserAvatar
      name={user.displayName || user.email}
      photo={user.photoURL}
      className={`${size} ring-2 ring-orange-400`}
      initialsClassName="bg-indigo-700 font-bold text-white"
    />
  );
}

const menuItemClass =
  "block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-orange-500 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

/** The menu's items, in order. */
const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];

/** Which item gets focus when the menu opens: the first (Enter, Space, ArrowDown, a click) or the last (ArrowUp). */
type OpenAt = "first" | "last";

/**
 * The signed-in avatar (spec section 2): the display name on hover, and on click a menu with
 * the name, a "New" badge, Settings and Logout. It follows the WAI-ARIA menu button pattern:
 * opening focuses an item, arrows move between items (wrapping), Home/End jump, Escape closes
 * and gives focus back to the avatar, Tab or a click outside closes it.
 */
export function AccountMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [openAt, setOpenAt] = useState<OpenAt | null>(null);
  const open = openAt !== null;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = user.displayName || user.email;

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!openAt) return;
    const all = menuItems(menu.current);
    (openAt === "first" ? all[0] : all[all.length - 1])?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpenAt(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(at + 1);
      case "ArrowUp":
        return move(at - 1);
      case "Home":
        return move(0);
      case "End":
        return move(all.length - 1);
      case "Escape":
        event.preventDefault();
        return close(true);
      case "Tab":
        // Focus moves on to the next control of the page; the menu closes behind it.
        return close(false);
    }
  }

  return (
    <div ref={root} className="group relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu of ${name}`}
        onClick={() => (open ? close(false) : setOpenAt("first"))}
        onKeyDown={onButtonKey}
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
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKey}
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
          <Link role="menuitem" tabIndex={-1} to="/settings" onClick={() => close(false)} className={menuItemClass}>
            Settings
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            onClick={() => {
              close(false);
              onLogout();
            }}
            className={`w-full text-left ${menuItemClass}`}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
