import { Link } from "react-router-dom";
import { useAcademy } from "shared-auth";
import { audienceOf, dashboardHome, type RoleAccess } from "../routes/access";

/**
 * A signed-in user opened a page their role does not open (an admin page as a student): say so
 * and offer a way on, instead of the login form they are already past.
 */
export function ForbiddenPage({ access }: { access: RoleAccess }) {
  const role = useAcademy((s) => s.role);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      aria-labelledby="forbidden-title"
    >
      <p className="font-display text-8xl font-black text-orange-700 dark:text-orange-400" data-testid="error-status">
        403
      </p>
      <h1 id="forbidden-title" className="mt-4 font-display text-3xl font-bold text-slate-900 dark:text-white">
        This page is for {audienceOf(access)}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        You are signed in, but your account is not one of the academy&apos;s {audienceOf(access)}. If you think it
        should be, ask an admin to change your role.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={dashboardHome(role)}
          className="rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white shadow hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          Go to my dashboard
        </Link>
        <Link
          to="/"
          className="rounded-full border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Back to homepage
        </Link>
      </div>
    </section>
  );
}
