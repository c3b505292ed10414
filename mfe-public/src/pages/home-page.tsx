import { Link } from "react-router-dom";
import { useAcademy } from "shared-auth";
import "../styles.css";

export default function HomePage() {
  const status = useAcademy((s) => s.status);
  const theme = useAcademy((s) => s.theme);
  return (
    <section
      data-theme={theme}
      className="relative isolate overflow-hidden bg-gradient-to-br from-indigo-950 via-indigo-800 to-orange-600 text-white"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-24 sm:px-6 md:py-32">
        <p className="text-sm font-semibold tracking-[0.25em] text-orange-200 uppercase">Summer camp 2027</p>
        <h1 className="max-w-2xl font-display text-4xl leading-tight font-extrabold sm:text-6xl">
          Welcome to the academy
        </h1>
        <p className="max-w-xl text-lg text-indigo-100">
          Mornings in the classroom, afternoons on the field. Coaches who teach the game and the habits behind it.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            to="/classes"
            className="rounded-full bg-orange-500 px-7 py-3 font-semibold text-white shadow-lg hover:bg-orange-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            View Our Classes
          </Link>
          {status === "signed-out" && (
            <Link
              to="/signup"
              className="rounded-full border border-white/60 px-7 py-3 font-semibold text-white hover:bg-white/10"
            >
              Create an account
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
