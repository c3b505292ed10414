import { Link } from "react-router-dom";

/**
 * /login and /signup until the accounts release: an honest page instead of a form that cannot work.
 * The navbar and footer are hidden here (the path contains login or signup), so it links home.
 */
export function AccountPendingPage({ kind }: { kind: "login" | "signup" }) {
  return (
    <section className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center px-4 text-center">
      <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">
        {kind === "login" ? "Login" : "Sign up"}
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">
        Student, instructor and admin accounts are not open yet. You can still browse every class and instructor.
      </p>
      <Link to="/" className="mt-8 rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800">
        Back to homepage
      </Link>
    </section>
  );
}
