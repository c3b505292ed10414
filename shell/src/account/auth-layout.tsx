import type { ReactNode } from "react";
import { ACADEMY } from "shared-auth";
import { Logo } from "../layout/logo";
import "./pages.css";

/**
 * The frame of /login and /signup (no navbar or footer there): the academy's panel beside the
 * form on wide screens, the form alone on a phone, with the logo leading home.
 */
export function AuthLayout({
  title,
  intro,
  slideIn,
  children,
}: {
  title: string;
  intro: string;
  slideIn?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="shell-account">
      <div className="grid min-h-screen lg:grid-cols-2">
        <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-900 via-indigo-800 to-orange-600 p-12 text-white lg:flex lg:flex-col lg:justify-between">
          <svg
            viewBox="0 0 400 400"
            className="absolute -right-24 -bottom-24 h-[28rem] w-[28rem] opacity-20"
            aria-hidden="true"
          >
            <circle cx="200" cy="200" r="190" fill="none" stroke="#fff" strokeWidth="6" />
            <path
              d="M10 200 Q200 120 390 200 M10 200 Q200 280 390 200 M200 10 V390"
              fill="none"
              stroke="#fff"
              strokeWidth="6"
            />
          </svg>
          <p className="font-display text-sm font-bold tracking-[0.3em] text-orange-200 uppercase">Summer camp</p>
          <div className="relative">
            <h2 className="font-display text-4xl leading-tight font-extrabold">
              Train hard. Learn more. Play together.
            </h2>
            <p className="mt-4 max-w-md text-indigo-100">
              Book classes with the academy&apos;s coaches, follow your enrolments and pay in one place.
            </p>
          </div>
          <p className="relative text-sm text-indigo-200">{ACADEMY.sports}, one summer.</p>
        </aside>
        <div className="flex flex-col px-4 py-8 sm:px-10">
          <Logo />
          <section
            aria-labelledby="auth-title"
            className={`mx-auto my-auto w-full max-w-md py-10 ${slideIn ? "motion-safe:animate-slide-in" : ""}`}
          >
            <h1 id="auth-title" className="font-display text-3xl font-extrabold text-slate-900 dark:text-white">
              {title}
            </h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>
            <div className="mt-8">{children}</div>
          </section>
        </div>
      </div>
    </div>
  );
}

/** The "or" between the e-mail form and Google sign-in. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-slate-600 uppercase dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      or
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}
