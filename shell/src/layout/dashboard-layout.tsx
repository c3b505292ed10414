import { NavLink, Outlet } from "react-router-dom";
import { useAcademy } from "shared-auth";
import { sidebarMenu, type MenuItem } from "../routes/sidebar-menus";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between rounded-lg px-3 py-2 font-medium transition-colors ${
    isActive ? "bg-white/15 text-orange-300" : "text-indigo-50 hover:bg-white/10 hover:text-white"
  }`;

function MenuList({ items }: { items: MenuItem[] }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className={itemClass}>
            {item.label}
          </NavLink>
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
