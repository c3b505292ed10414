import { card } from "../../components/styles";
import { cents } from "../pricing/money";
import type { OrderBalance } from "./balance-api";
import { orderDueText } from "./balance-summary";
import { PayOrderBalance } from "./pay-order-balance";

/**
 * A booking the academy's office made for the family with a balance left (decision 047): what is
 * due and by when (overdue said so), its seats, what was paid so far, and paying the rest by card.
 */
export function OrderBalanceCard({
  order,
  email,
  paying,
  onPay,
  onPaid,
}: {
  order: OrderBalance;
  email: string;
  /** The order whose payment is open, if any (one at a time on the page). */
  paying: string | null;
  onPay: (orderId: string | null) => void;
  /** Said by the page once paid: this card goes when the balance is read again. */
  onPaid: (text: string) => void;
}) {
  const headingId = `order-${order.orderId}`;
  const due = orderDueText(order);
  return (
    <li aria-labelledby={headingId} className={`p-4 sm:p-6 ${card}`}>
      <h2
        id={headingId}
        className={`font-display text-xl font-bold ${order.overdue ? "text-red-800 dark:text-red-300" : "text-slate-900 dark:text-white"}`}
      >
        {due}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Booked with the academy&apos;s office: {order.seats.map((s) => `${s.className} (${s.camperName})`).join(", ")}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Total</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{cents(order.totalCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Paid so far</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{cents(order.paidCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Still to pay</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{cents(order.owedCents)}</dd>
        </div>
      </dl>
      {paying === order.orderId ? (
        <div className="mt-4">
          <PayOrderBalance
            key={order.orderId}
            email={email}
            orderId={order.orderId}
            onClose={() => onPay(null)}
            onPaid={() =>
              onPaid(
                `Paid ${cents(order.owedCents)} for ${[...new Set(order.seats.map((s) => s.className))].join(", ")}. Thank you.`,
              )
            }
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => onPay(order.orderId)}
          aria-label={`Pay ${cents(order.owedCents)} by card: ${due}`}
          className="mt-4 rounded-full bg-indigo-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          {`Pay ${cents(order.owedCents)} by card`}
        </button>
      )}
    </li>
  );
}
