import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { logOut, useAcademy, useStudentEmail } from "shared-auth";
import { dashboardHome } from "../routes/access";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { WithCartCount } from "./with-cart-count";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-[15px] font-semibold transition-colors xl:px-3 ${
    isActive
      ? "text-orange-700 dark:text-orange-400"
      : "text-slate-700 hover:text-orange-700 dark:text-slate-200 dark:hover:text-orange-400"
  }`;

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
      <circle cx="10" cy="20" r="1.4" />
      <circle cx="17" cy="20" r="1.4" />
    </svg>
  );
}

/**
 * The number of classes in the student's cart, next to the cart icon (spec section 2). It is part
 * of the link's name ("Cart 2"), so speech input users can say what they see.
 */
function CartBadge() {
  return (
    <WithCartCount>
      {(count) => (
        <span
          data-testid="cart-count"
          className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs leading-none font-bold text-white"
        >
          {count}
        </span>
      )}
    </WithCartCount>
  );
}

/** What the count counts, the cart link's description (outside the link, so it stays out of its name). */
function CartCountDescription({ id }: { id: string }) {
  return (
    <WithCartCount>
      {(count) => (
        <span id={id} className="sr-only">
          {count === 1 ? "1 class in your cart" : `${count} classes in your cart`}
        </span>
      )}
    </WithCartCount>
  );
}

const logoutClass =
  "hidden rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 sm:inline-flex dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * While a stored session is being confirmed (status "loading" happens only when one may exist):
 * the room of the avatar and the Logout button, so neither the links nor the page move when the
 * session settles, and no Login button flashes for someone who is signed in.
 */
function AccountPlaceholder() {
  return (
    <span aria-hidden="true" className="flex items-center gap-2">
      <span className="h-9 w-9 rounded-full bg-slate-200 dark:bg-slate-800" />
      <span className={`${logoutClass} invisible`}>Logout</span>
    </span>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const status = useAcademy((s) => s.status);
  const role = useAcademy((s) => s.role);
  const user = useAcademy((s) => s.user);
  const navigate = useNavigate();
  const signedIn = status === "signed-in";
  const from = { from: location };
  // Spec section 2: admins and instructors have no cart.
  const showCart = !(signedIn && (role === "admin" || role === "instructor"));
  const student = useStudentEmail() !== null;
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu, as it does the account and dashboard menus, and focus goes back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  function logout() {
    // Leave the page first (navigations are transitions; the store update is not):
    // a guarded page would otherwise send the user to /login.
    flushSync(() => navigate("/"));
    void logOut();
  }

  const links = (descriptionId: string) => (
    <>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <NavLink to="/instructors" className={linkClass}>
        Instructors
      </NavLink>
      <NavLink to="/classes" className={linkClass}>
        Classes
      </NavLink>
      <NavLink
        // While the session is still being decided, /dashboard waits for it and then leads home.
        to={signedIn ? dashboardHome(role) : status === "loading" ? "/dashboard" : "/login"}
        state={status === "signed-out" ? from : undefined}
        className={linkClass}
      >
        Dashboard
      </NavLink>
      {showCart && (
        <>
          <NavLink
            to={signedIn ? "/dashboard/mydashboard" : "/login"}
            state={signedIn ? undefined : from}
            className={linkClass}
            aria-describedby={student ? descriptionId : undefined}
          >
            <span className="inline-flex items-center gap-1.5">
              <CartIcon />
              {/* Hidden on wide screens, where the icon and the count say it; the space keeps the name's words apart. */}
              <span className="lg:sr-only">Cart</span> {student && <CartBadge />}
            </span>
          </NavLink>
          {student && <CartCountDescription id={descriptionId} />}
        </>
      )}
      <NavLink to="/contact" className={linkClass}>
        Contact
      </NavLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white dark:border-slate-800 dark:bg-slate-950">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo className="shrink-0" />
        {/* The links need the width of a laptop beside a signed-in user's avatar and Logout button. */}
        <div className="hidden items-center gap-1 lg:flex">{links("cart-count-desktop")}</div>
        <div className="flex shrink-0 items-center gap-2">
          <ThemeToggle />
          {signedIn && user && (
            <>
              <AccountMenu user={user} onLogout={logout} />
              <button type="button" onClick={logout} className={logoutClass}>
                Logout
              </button>
            </>
          )}
          {status === "loading" && <AccountPlaceholder />}
          {status === "signed-out" && (
            <Link
              to="/login"
              state={from}
              className="hidden rounded-full bg-indigo-700 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 sm:inline-flex"
            >
              Login
            </Link>
          )}
          <button
            ref={toggle}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((o) => !o)}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 lg:hidden dark:border-slate-800"
          onClick={() => setOpen(false)}
        >
          {links("cart-count-mobile")}
          {/* From `sm` the navbar itself shows Login and Logout. */}
          {!signedIn && (
            <Link
              to="/login"
              state={from}
              className="mt-2 rounded-full bg-indigo-700 px-5 py-2 text-center font-semibold text-white sm:hidden"
            >
              Login
            </Link>
          )}
          {signedIn && (
            <button
              type="button"
              onClick={logout}
              className="mt-2 rounded-full border border-slate-300 px-5 py-2 text-center font-semibold text-slate-700 sm:hidden dark:border-slate-700 dark:text-slate-200"
            >
              Logout
            </button>
          )}
        </div>
      )}
    </header>
  );
}
