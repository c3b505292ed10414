import { useAcademy, UserAvatar } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { AcademyForm } from "../components/academy-form";
import { AccessLog } from "../components/access-log";
import { AdminRoot } from "../components/admin-root";
import { ContactInbox } from "../components/inbox";
import { OpenOffers } from "../components/open-offers";
import { OutboxStatePanel } from "../components/outbox-state";
import { PolicyForm } from "../components/policy-form";
import { RefundsPanel } from "../components/refunds-panel";
import { ErrorState } from "../components/states";
import { Subscribers } from "../components/subscribers";
import { useStats, type AdminStats } from "../lib/admin-api";
import { CodeFigures } from "../components/code-figures";
import "../styles.css";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const number = new Intl.NumberFormat("en-US");

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      {/* A large sum stays inside its card: it wraps rather than spill over the card's edge. */}
      <dd className="mt-1 font-display text-3xl leading-tight font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere] dark:text-white">
        {value}
      </dd>
      {detail && <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{detail}</dd>}
    </div>
  );
}

/** Five across only on wide screens: at 1280 px a fifth of the page is too narrow for a revenue in the millions. */
function Figures({ stats }: { stats: AdminStats }) {
  const n = (x: number) => number.format(x);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <Figure
        label="Users"
        value={n(stats.users.total)}
        detail={`${countOf(stats.users.student, "student", "students")} · ${countOf(stats.users.instructor, "instructor", "instructors")} · ${countOf(stats.users.admin, "admin", "admins")}`}
      />
      <Figure
        label="Classes"
        value={n(stats.classes.total)}
        detail={`${n(stats.classes.pending)} pending · ${n(stats.classes.approved)} approved · ${n(stats.classes.denied)} denied`}
      />
      <Figure label="Enrolments" value={n(stats.enrollments)} />
      <Figure label="Revenue" value={money.format(stats.revenue)} detail={revenueDetail(stats)} />
      <Figure
        label="Open holds"
        value={n(stats.openHolds.seats)}
        detail={`${stats.openHolds.seats === 1 ? "seat" : "seats"} held by ${countOf(stats.openHolds.checkouts, "checkout", "checkouts")} in progress`}
      />
    </dl>
  );
}

/** Revenue in words: how it was paid (the methods used), and what is still to come. */
function revenueDetail(stats: AdminStats): string {
  const methods = (
    [
      ["card", "card"],
      ["cash", "cash"],
      ["cheque", "cheques"],
      ["bank_transfer", "transfers"],
    ] as const
  )
    .filter(([key]) => stats.revenueByMethod[key] !== 0)
    .map(([key, words]) => `${money.format(stats.revenueByMethod[key] / 100)} ${words}`);
  const more = [
    stats.planScheduledCents > 0 && `${money.format(stats.planScheduledCents / 100)} more scheduled on payment plans`,
    stats.deskOwedCents > 0 && `${money.format(stats.deskOwedCents / 100)} owed on front-desk bookings`,
  ].filter(Boolean);
  const collected = methods.length > 1 ? `Collected: ${methods.join(", ")}` : "Collected, net of refunds";
  return more.length > 0 ? `${collected}; ${more.join("; ")}` : collected;
}

/** Spec: /dashboard/adminhome: the admin's name and photo, then the academy at a glance. */
export default function AdminHomePage() {
  const user = useAcademy((s) => s.user);
  const stats = useStats();
  return (
    <AdminRoot>
      <header className="mb-6 flex items-center gap-4">
        {user && (
          <UserAvatar name={user.displayName || user.email} photo={user.photoURL} className="h-16 w-16 text-xl" />
        )}
        <div>
          <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">Admin Home</h1>
          <p className="text-lg font-semibold text-slate-700 dark:text-slate-300">
            Welcome, {user?.displayName ?? "admin"}
          </p>
        </div>
      </header>
      <section aria-labelledby="figures" className="mb-8">
        <h2 id="figures" className="sr-only">
          The academy in figures
        </h2>
        {stats.isPending ? (
          <div
            role="status"
            aria-label="Loading figures"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5"
          >
            {Array.from({ length: 5 }, (_, i) => (
              <div
                key={i}
                aria-hidden="true"
                className="h-24 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
              />
            ))}
          </div>
        ) : stats.isError ? (
          <ErrorState what="The figures" error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <Figures stats={stats.data} />
        )}
      </section>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="inbox">
          <h2 id="inbox" className="mb-3 font-display text-2xl font-bold text-slate-900 dark:text-white">
            Messages
          </h2>
          <ContactInbox />
        </section>
        <section aria-labelledby="subscribers">
          <h2 id="subscribers" className="mb-3 font-display text-2xl font-bold text-slate-900 dark:text-white">
            Newsletter subscribers
          </h2>
          <Subscribers />
        </section>
      </div>
      <section aria-labelledby="open-offers" className="mt-8">
        <h2 id="open-offers" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Open waitlist offers
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          Seats kept for families on a waitlist until they accept, decline or the offer runs out.
        </p>
        <OpenOffers />
      </section>
      <section aria-labelledby="refunds" className="mt-8">
        <h2 id="refunds" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Refunds to follow up
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          Refunds on their way to the card, and those that failed (the amount counts as not refunded again).
        </p>
        <RefundsPanel />
      </section>
      <OutboxStatePanel />
      <section aria-labelledby="codes" className="mt-8">
        <h2 id="codes" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Promo codes
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          What each code brought: paid orders, their revenue (net of every discount) and the discount it gave.
        </p>
        <CodeFigures />
      </section>
      <section aria-labelledby="policy" className="mt-8">
        <h2 id="policy" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Cancellation policy
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          What a family gets back when a seat is cancelled, by days before the class's first day.
        </p>
        <PolicyForm />
      </section>
      <section aria-labelledby="academy-details" className="mt-8">
        <h2 id="academy-details" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Academy details
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          The academy's name, address and contacts as every page, e-mail, calendar, receipt and year-end statement says
          them.
        </p>
        <AcademyForm />
      </section>
      <section aria-labelledby="access-log" className="mt-8">
        <h2 id="access-log" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          Access log
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          Every read of campers' medical and contact details by staff, newest first.
        </p>
        <AccessLog />
      </section>
    </AdminRoot>
  );
}
