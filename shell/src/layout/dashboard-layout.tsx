import { useId, useRef, useState, type KeyboardEvent } from "react";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import { useAcademy } from "shared-auth";
import { sidebarMenu, type MenuItem } from "../routes/sidebar-menus";
import { WithCartCount } from "./with-cart-count";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between rounded-lg px-3 py-2 font-medium transition-colors ${
    isActive ? "bg-white/15 font-semibold text-orange-200" : "text-indigo-50 hover:bg-white/10 hover:text-white"
  }`;

const CART_COUNT_ID = "sidebar-cart-count";

/**
 * The cart item count beside "My Selected Classes". The badge is decoration; the link's
 * description (outside the link, so its name stays the label) says the count.
 */
function CartCount({ part }: { part: "badge" | "description" }) {
  return (
    <WithCartCount>
      {(count) =>
        part === "description" ? (
          <span id={CART_COUNT_ID} className="sr-only">
            {count === 1 ? "1 class in your cart" : `${count} classes in your cart`}
          </span>
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-orange-700 px-2 text-xs font-bold text-white"
          >
            {count}
          </span>
        )
      }
    </WithCartCount>
  );
}

function MenuList({ items, onFollow }: { items: MenuItem[]; onFollow: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end
            className={itemClass}
            aria-describedby={item.cartBadge ? CART_COUNT_ID : undefined}
            onClick={onFollow}
          >
            {item.label}
            {item.cartBadge && <CartCount part="badge" />}
          </NavLink>
          {item.cartBadge && <CartCount part="description" />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Dashboard frame: the role's sidebar menu and the page beside it. Below `md` the menu is a
 * disclosure, so the page is what a phone shows first; it is open only on the page where it was
 * opened, so following one of its links closes it.
 */
export function DashboardLayout() {
  const role = useAcademy((s) => s.role);
  const { own, common } = sidebarMenu(role);
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  function close() {
    if (!open) return;
    setOpenOn(null);
    // The focused link disappears with the menu: keep keyboard focus just before the page.
    toggle.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) close();
  }

  // At least the viewport under the navbar: the footer stays below the fold while the page inside
  // goes from skeleton to content, so nothing in view moves as it loads (CLS 0 on dashboards).
  return (
    <div className="mx-auto flex min-h-[calc(100vh-4rem)] max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row">
      <aside
        className="shrink-0 rounded-2xl bg-indigo-900 text-sm md:w-60 md:p-5 lg:w-64"
        aria-label="Dashboard"
        onKeyDown={onKeyDown}
      >
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-3.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 md:hidden"
        >
          Dashboard menu
          <svg
            viewBox="0 0 24 24"
            className={`h-5 w-5 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
        <nav
          id={menuId}
          aria-label="Dashboard menu"
          className={`${open ? "block" : "hidden"} px-2 pb-3 md:block md:p-0`}
        >
          <MenuList items={own} onFollow={close} />
          <hr className="my-4 border-indigo-700" />
          <MenuList items={common} onFollow={close} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
