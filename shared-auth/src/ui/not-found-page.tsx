import { Link } from "react-router-dom";

export interface NotFoundPageProps {
  status?: number;
  statusText?: string;
  message?: string;
}

/**
 * Spec section 2: status (default 404), "Not Found", the message and "Back to homepage". The shell
 * shows it for unknown paths; a remote shows it for a record that does not exist (a class page).
 */
export function NotFoundPage({
  status = 404,
  statusText = "Not Found",
  message = "The page you are looking for does not exist or has moved.",
}: NotFoundPageProps) {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      aria-labelledby="error-title"
    >
      <p className="font-display text-8xl font-black text-orange-700 dark:text-orange-400" data-testid="error-status">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 font-display text-3xl font-bold text-slate-900 dark:text-white">
        {statusText}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{message}</p>
      <Link
        to="/"
        className="mt-8 rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white shadow hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        Back to homepage
      </Link>
    </section>
  );
}
