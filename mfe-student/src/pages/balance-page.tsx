import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useStudentEmail } from "shared-auth";
import { isoToAcademyWallTime } from "shared-auth/academy-time";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { card } from "../components/styles";
import { useBalance, type Balance } from "../features/balance/balance-api";
import { balanceSummary, hasBalances, owingOrders } from "../features/balance/balance-summary";
import { OrderBalanceCard } from "../features/balance/order-balance-card";
import { ChangeCard } from "../features/balance/change-card";
import { PayAhead } from "../features/balance/pay-ahead";
import { PayRefused } from "../features/balance/pay-refused";
import { dayInWords } from "../features/checkout/plan-choice";
import { cents } from "../features/pricing/money";
import "../styles.css";

type Plan = Balance["plans"][number];
type Charge = Plan["instalments"][number];

const STATE: Record<Charge["status"], string> = {
  scheduled: "Scheduled",
  charging: "Being charged",
  paid: "Paid",
  failed: "Not paid",
  cancelled: "Cancelled",
  waived: "Waived by the academy",
};

/** A charge's state in words, with the reason and what happens next when it was refused. */
function chargeState(charge: Charge): string {
  if (charge.status !== "failed") return STATE[charge.status];
  if (charge.atRisk) return `Not paid: ${charge.problem ?? ""} We will not try your saved card again.`;
  const again = charge.nextAttemptAt ? dayInWords(isoToAcademyWallTime(charge.nextAttemptAt).slice(0, 10)) : null;
  return `Not paid: ${charge.problem ?? ""}${again ? ` We will try again on ${again}.` : ""}`;
}

/** What a plan's charges still to come add up to (the server's amounts, each as it will be charged). */
const scheduledCents = (plan: Plan) =>
  plan.instalments.filter((c) => c.status === "scheduled").reduce((sum, c) => sum + c.amountCents, 0);

function PlanCard({
  plan,
  email,
  paying,
  onPay,
}: {
  plan: Plan;
  email: string;
  paying: string | null;
  onPay: (instalmentId: string | null) => void;
}) {
  const headingId = `plan-${plan.orderId}`;
  const [charging, setCharging] = useState<string | null>(null);
  return (
    <li aria-labelledby={headingId} className={`p-4 sm:p-6 ${card}`}>
      <h2 id={headingId} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {plan.seats.map((s) => `${s.className} (${s.camperName})`).join(", ")}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Total</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{cents(plan.totalCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Paid</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{cents(plan.paidCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Still to pay</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="plan-owed">
            {cents(plan.owedCents)}
          </dd>
        </div>
      </dl>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{`The payments of ${plan.name}`}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-1 pl-3 font-medium">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.instalments.map((charge) => (
            <tr key={charge._id} className="border-t border-slate-200 align-top dark:border-slate-800">
              <td className="py-2 text-slate-900 dark:text-white">{dayInWords(charge.due)}</td>
              <td className="py-2 text-right tabular-nums text-slate-900 dark:text-white">
                {cents(charge.amountCents)}
              </td>
              <td
                className={`py-2 pl-3 ${charge.status === "failed" ? "text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}
              >
                {chargeState(charge)}
                {charge.status === "failed" && paying !== charge._id && (
                  <button
                    type="button"
                    onClick={() => onPay(charge._id)}
                    aria-label={`Pay now: ${cents(charge.amountCents)} due ${dayInWords(charge.due)}`}
                    className="mt-1 block rounded-full bg-indigo-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
                  >
                    Pay now
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-col">
        <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
          {charging}
        </p>
        {!charging && plan.instalments.some((c) => c.status === "scheduled") && (
          <PayAhead
            email={email}
            label={`Pay the rest now (${cents(scheduledCents(plan))})`}
            amountCents={scheduledCents(plan)}
            target={{ orderId: plan.orderId }}
            onCharging={setCharging}
          />
        )}
      </div>
      {paying && plan.instalments.some((c) => c._id === paying) && (
        <div className="mt-4">
          <PayRefused key={paying} email={email} instalmentId={paying} onClose={() => onPay(null)} />
        </div>
      )}
      {plan.refundedCents > 0 && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{`${cents(plan.refundedCents)} of it went back to your card.`}</p>
      )}
    </li>
  );
}

/** A card payment recorded: said at the top, since the paid balance's card goes. */
function PaidNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      {text}
    </p>
  );
}

/**
 * /dashboard/balance: the family's payment plans, what was paid, and each payment still to come;
 * and the balances left on bookings the academy's office made for it (decision 047), paid by card.
 */
export default function BalancePage() {
  const email = useStudentEmail();
  const balance = useBalance(email);
  // The failure e-mail's link opens the payment of its charge (?pay=<id>).
  const [params, setParams] = useSearchParams();
  const [paying, setPaying] = useState<string | null>(params.get("pay"));
  const [changingCard, setChangingCard] = useState(false);
  const [payingOrder, setPayingOrder] = useState<string | null>(null);
  const [paidNotice, setPaidNotice] = useState<string | null>(null);
  const pay = (instalmentId: string | null) => {
    setPaying(instalmentId);
    if (params.has("pay")) setParams({}, { replace: true });
  };
  let body;
  if (email === null) body = <NotAStudent />;
  else if (balance.isPending) body = <RowsSkeleton label="Loading your balance" rows={2} />;
  else if (balance.isError)
    body = <ErrorState what="Your balance" error={balance.error} onRetry={() => void balance.refetch()} />;
  else if (!hasBalances(balance.data))
    body = (
      <>
        {paidNotice && <PaidNotice text={paidNotice} />}
        <EmptyState title="Nothing to pay later" to="/dashboard/paymenthistory" linkLabel="See your payments">
          You have paid for every class in full. A payment plan you choose at checkout, or a balance left on a booking
          made with the academy&apos;s office, shows here.
        </EmptyState>
      </>
    );
  else {
    const { owedCents, atRisk } = balance.data;
    const orders = owingOrders(balance.data);
    body = (
      <>
        <p className="text-lg text-slate-900 dark:text-white" data-testid="balance-summary">
          {balanceSummary(balance.data)}
        </p>
        {paidNotice && <PaidNotice text={paidNotice} />}
        {orders.length > 0 && (
          <ul className="flex flex-col gap-4" aria-label="Balances of bookings made with the office">
            {orders.map((order) => (
              <OrderBalanceCard
                key={order.orderId}
                order={order}
                email={email}
                paying={payingOrder}
                onPay={(orderId) => {
                  setPayingOrder(orderId);
                  if (orderId) setPaidNotice(null);
                }}
                onPaid={setPaidNotice}
              />
            ))}
          </ul>
        )}
        {atRisk && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
            A payment could not be taken and will not be tried again: pay it now with another card, or contact the
            academy to keep your seats.
          </p>
        )}
        {owedCents > 0 &&
          (changingCard ? (
            <ChangeCard email={email} onClose={() => setChangingCard(false)} />
          ) : (
            <button
              type="button"
              onClick={() => setChangingCard(true)}
              className="self-start rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              Use another card
            </button>
          ))}
        {balance.data.plans.length > 0 && (
          <ul className="flex flex-col gap-4" aria-label="Payment plans">
            {balance.data.plans.map((plan) => (
              <PlanCard key={plan.orderId} plan={plan} email={email} paying={paying} onPay={pay} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <PageFrame
      title="My Balance"
      intro="Classes paid with a deposit and the rest in payments, and balances left on bookings made with the academy's office: what is due and when."
    >
      {body}
    </PageFrame>
  );
}
