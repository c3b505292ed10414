import {
  dollarsToCents,
  METHOD_LABELS,
  moneyText,
  referenceLabel,
  type PaymentFormValues,
  type Problems,
} from "../../lib/front-desk";
import { fieldId, LABEL, PROBLEM, TextInput } from "./fields";

const CHOICES = ["cash", "cheque", "bank_transfer", "later"] as const;

/**
 * How the money comes in: cash, a cheque (its number) or a bank transfer (its reference), the
 * amount and the day received; or, when booking, "Pay later". Whenever less than `dueCents` is
 * paid at booking, the day the balance is due is asked for too.
 */
export function PaymentFields({
  prefix,
  values,
  onChange,
  problems,
  dueCents,
  today,
  booking,
}: {
  prefix: string;
  values: PaymentFormValues;
  onChange: (next: PaymentFormValues) => void;
  problems: Problems;
  /** The whole amount the form may take: the booking's total, or what the order still owes. */
  dueCents: number;
  today: string;
  /** Booking: "Pay later" is offered, and a balance left asks for its due day. */
  booking: boolean;
}) {
  const set = (change: Partial<PaymentFormValues>) => onChange({ ...values, ...change });
  const methodId = fieldId(prefix, "method");
  const later = values.method === "later";
  const cents = later ? 0 : dollarsToCents(values.amount);
  const leavesBalance = booking && !Number.isNaN(cents) && cents < dueCents;
  const reference = referenceLabel(values.method);
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="min-w-0" aria-describedby={problems.method ? `${methodId}-problem` : undefined}>
        <legend className={`${LABEL} mb-2`}>How it is paid</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {CHOICES.filter((c) => booking || c !== "later").map((choice, index) => (
            <label
              key={choice}
              className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-900 dark:text-white"
            >
              <input
                id={index === 0 ? methodId : undefined}
                type="radio"
                name={methodId}
                value={choice}
                checked={values.method === choice}
                onChange={() => set({ method: choice })}
                className="h-4 w-4 accent-orange-700"
              />
              {choice === "later" ? "Pay later" : METHOD_LABELS[choice]}
            </label>
          ))}
        </div>
        {problems.method && (
          <p id={`${methodId}-problem`} className={PROBLEM}>
            {problems.method}
          </p>
        )}
      </fieldset>
      {later ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Nothing is received now: the family owes {moneyText(dueCents)} and can pay it by card from My Balance.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            id={fieldId(prefix, "amountCents")}
            label="Amount received (dollars)"
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={(e) => set({ amount: e.target.value })}
            problem={problems.amountCents}
            hint={`Up to ${moneyText(dueCents)}.`}
          />
          <TextInput
            id={fieldId(prefix, "receivedOn")}
            label="Received on"
            type="date"
            max={today}
            value={values.receivedOn}
            onChange={(e) => set({ receivedOn: e.target.value })}
            problem={problems.receivedOn}
          />
          {reference && (
            <TextInput
              id={fieldId(prefix, "reference")}
              label={reference}
              autoComplete="off"
              maxLength={120}
              aria-required
              value={values.reference}
              onChange={(e) => set({ reference: e.target.value })}
              problem={problems.reference}
            />
          )}
        </div>
      )}
      {(later || leavesBalance) && (
        <TextInput
          id={fieldId(prefix, "dueDay")}
          label="Balance due by"
          type="date"
          min={today}
          aria-required
          className="sm:max-w-xs"
          value={values.dueDay}
          onChange={(e) => set({ dueDay: e.target.value })}
          problem={problems.dueDay}
          hint={`The family owes ${moneyText(dueCents - (Number.isNaN(cents) ? 0 : cents))} after this.`}
        />
      )}
    </div>
  );
}
