import { NavLink, Outlet } from "react-router-dom";
import { useAcademy, useCartCount } from "shared-auth";
import { sidebarMenu, type MenuItem } from "../routes/sidebar-menus";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between rounded-lg px-3 py-2 font-medium transition-colors ${
    isActive ? "bg-white/15 text-orange-300" : "text-indigo-50 hover:bg-white/10 hover:text-white"
  }`;

const CART_COUNT_ID = "sidebar-cart-count";

/**
 * The cart item count beside "My Selected Classes". The badge is decoration; the link's
 * description (outside the link, so its name stays the label) says the count.
 */
function CartCount({ part }: { part: "badge" | "description" }) {
  const count = useCartCount();
  if (part === "description") {
    return (
      <span id={CART_COUNT_ID} className="sr-only">
        {count === 1 ? "1 class in your cart" : `${count} classes in your cart`}
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-orange-500 px-2 text-xs font-bold text-white"
    >
      {count}
    </span>
  );
}

function MenuList({ items }: { items: MenuItem[] }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className={itemClass} aria-describedby={item.cartBadge ? CART_COUNT_ID : undefined}>
            {item.label}
            {item.cartBadge && <CartCount part="badge" />}
          </NavLink>
          {item.cartBadge && <CartCount part="description" />}
        </li>
      ))}
    </ul>
  );
}

/** Dashboard frame: the role's sidebar menu and the page beside it. */
export function DashboardLayout() {
  const role = useAcademy((s) => s.role);
  const { own, common } = sidebarMenu(role);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row">
      <aside className="shrink-0 rounded-2xl bg-indigo-900 p-5 text-sm lg:w-64" aria-label="Dashboard">
        <nav aria-label="Dashboard menu">
          <MenuList items={own} />
          <hr className="my-4 border-indigo-700" />
          <MenuList items={common} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
