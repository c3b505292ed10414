import { Link } from "react-router-dom";
import { UserAvatar, useAcademy, useStudentEmail } from "shared-auth";
import { useCampers, useCart, useEnrolled } from "shared-auth/queries";
import { PageFrame } from "../components/page-frame";
import { card, dollars } from "../components/styles";
import { useBalance } from "../features/balance/balance-api";
import { dayInWords } from "../features/checkout/plan-choice";
import { FormsToDo } from "../features/forms/forms-to-do";
import { usePayments } from "../features/history/use-payments";
import { cents } from "../features/pricing/money";
import "../styles.css";

/** One figure of the summary, linking to the page that lists it; a dash while it loads or failed. */
function Figure({
  label,
  value,
  to,
  linkLabel,
}: {
  label: string;
  value: string | undefined;
  to: string;
  linkLabel: string;
}) {
  return (
    <li className={`flex flex-col gap-1 p-4 ${card}`}>
      <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span>
      <span className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white" aria-busy={value === undefined}>
        {value ?? "—"}
      </span>
      <Link
        to={to}
        className="mt-1 font-semibold text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
      >
        {linkLabel}
      </Link>
    </li>
  );
}

export default function UserHomePage() {
  const user = useAcademy((s) => s.user);
  const email = useStudentEmail();
  const cart = useCart();
  const enrolled = useEnrolled();
  const payments = usePayments();
  const campers = useCampers();
  // Payment plans (decision 040): the next charge, when the family has one coming.
  const balance = useBalance(email);
  const next = balance.data?.next;
  const name = user?.displayName || user?.email || "student";
  // What the family paid less what came back (or is on its way), in the API's cents.
  const spent = payments.data?.reduce((sum, p) => sum + p.amountCents - (p.refundedCents ?? 0), 0);
  return (
    <PageFrame title="Student Home">
      <div className={`flex items-center gap-4 p-4 ${card}`}>
        <UserAvatar
          name={name}
          photo={user?.photoURL}
          className="h-16 w-16 text-2xl"
          initialsClassName="bg-orange-100 font-bold text-orange-800"
        />
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-slate-900 dark:text-white">Welcome, {name}</p>
          {user?.email && <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>}
        </div>
      </div>
      {email !== null && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Summary">
          <Figure
            label="In my cart"
            value={cart.data?.length.toString()}
            to="/dashboard/mydashboard"
            linkLabel="My Selected Classes"
          />
          <Figure
            label="Enrolled classes"
            value={enrolled.data?.length.toString()}
            to="/dashboard/enrolledclasses"
            linkLabel="My Enrolled Classes"
          />
          <Figure
            label="Spent"
            value={spent === undefined ? undefined : dollars(spent / 100)}
            to="/dashboard/paymenthistory"
            linkLabel="Payment History"
          />
          {/* The children the family books for ("Myself" is the account holder). */}
          <Figure
            label="Children"
            value={campers.data?.filter((c) => !c.is_self).length.toString()}
            to="/dashboard/campers"
            linkLabel="My Campers"
          />
        </ul>
      )}
      {email !== null && <FormsToDo ready={campers.isSuccess} />}
      {next && (
        <p
          className={`flex flex-wrap items-baseline justify-between gap-2 p-4 ${card}`}
          role={balance.data?.atRisk ? "alert" : undefined}
          data-testid="next-payment"
        >
          <span className="text-slate-900 dark:text-white">
            {balance.data?.atRisk
              ? "A planned payment could not be taken: see My Balance."
              : `Next payment: ${cents(next.amountCents)} on ${dayInWords(next.due)}`}
          </span>
          <Link
            to="/dashboard/balance"
            className="font-semibold text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
          >
            My Balance
          </Link>
        </p>
      )}
    </PageFrame>
  );
}
