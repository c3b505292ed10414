import { errorMessage, formatDateRange, type CartQuote, type Checkout } from "shared-auth";
import { cents } from "../pricing/money";

type Offer = CartQuote["paymentPlans"][number];
export type ChosenPlan = NonNullable<Checkout["plan"]>;

/** An academy day (YYYY-MM-DD) as the site writes one: "6 July 2027". */
export const dayInWords = (day: string) => formatDateRange(day, day);

/**
 * "Pay in full" or one of the plans the server offers for these seats (decision 040): each with
 * what is charged today and how many payments follow. Choosing one opens the checkout again for it.
 */
export function PlanChoice({
  offers,
  totalCents,
  chosen,
  onChoose,
  busy,
}: {
  offers: Offer[];
  totalCents: number;
  chosen: string | null;
  onChoose: (planId: string | null) => void;
  busy: boolean;
}) {
  const option = "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700";
  return (
    <fieldset className="flex flex-col gap-2" disabled={busy} aria-busy={busy}>
      <legend className="mb-1 font-semibold text-slate-900 dark:text-white">How would you like to pay?</legend>
      <label className={option}>
        <input
          type="radio"
          name="payment-plan"
          className="mt-1"
          checked={chosen === null}
          onChange={() => onChoose(null)}
        />
        <span className="text-slate-800 dark:text-slate-200">
          <span className="font-medium">Pay in full</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">{`${cents(totalCents)} today`}</span>
        </span>
      </label>
      {offers.map((offer) => {
        const today = offer.schedule.find((part) => part.deposit)?.amountCents ?? 0;
        const later = offer.schedule.filter((part) => !part.deposit).length;
        return (
          <label key={offer._id} className={option}>
            <input
              type="radio"
              name="payment-plan"
              className="mt-1"
              checked={chosen === offer._id}
              onChange={() => onChoose(offer._id)}
            />
            <span className="text-slate-800 dark:text-slate-200">
              <span className="font-medium">{offer.name}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {`${cents(today)} today, then ${later} payment${later === 1 ? "" : "s"} (${offer.summary})`}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The chosen plan's charges by day, and what paying the deposit authorises (the server's words). */
export function PlanSchedule({ plan }: { plan: ChosenPlan }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60" data-testid="plan-schedule">
      <h3 className="font-semibold text-slate-900 dark:text-white">{`Your payments: ${plan.name}`}</h3>
      <ol className="flex flex-col gap-1 text-slate-800 dark:text-slate-200">
        {plan.schedule.map((part) => (
          <li key={part.due} className="flex justify-between gap-4 tabular-nums">
            <span>{part.deposit ? "Today (deposit)" : dayInWords(part.due)}</span>
            <span>{cents(part.amountCents)}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-600 dark:text-slate-400">{plan.consent}</p>
    </div>
  );
}

/** A plan the server no longer offers for these seats (paused, or camp too soon): why, and the way on. */
export function PlanRefused({ error, onPayInFull }: { error: unknown; onPayInFull: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{`${errorMessage(error)} Nothing was charged.`}</p>
      <button type="button" className="font-semibold underline" onClick={onPayInFull}>
        Pay in full instead
      </button>
    </div>
  );
}
