import type { ReactNode } from "react";
import type { Statement } from "shared-auth/wire";
import { ErrorState, RowsSkeleton } from "../../components/states";
import { useStatement } from "./statements-api";
import { attendedText, dayText, howText, money, moneyBack, statementName } from "./statement-text";

const subheading = "font-semibold text-slate-900 dark:text-white";
const quiet = "text-slate-700 dark:text-slate-300";

/** A labelled block of lines (Provider, Paid by, For the child). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 break-words">
      <h4 className={subheading}>{title}</h4>
      <div className={`mt-1 text-sm ${quiet}`}>{children}</div>
    </div>
  );
}

/** Payments or refunds as a table of Date, How, Amount; it wraps to fit a phone, else scrolls in its box. */
function MoneyTable({
  caption,
  rows,
  amount,
}: {
  caption: string;
  rows: Statement["payments"];
  amount: (cents: number) => string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className={`pb-1 text-left ${subheading}`}>{caption}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              How
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200 align-top dark:border-slate-800">
              <td className="py-2 pr-3 text-slate-900 dark:text-white">
                <time dateTime={row.on}>{dayText(row.on)}</time>
              </td>
              <td className={`py-2 pr-3 break-words ${quiet}`}>{howText(row.methodText)}</td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums text-slate-900 dark:text-white">
                {amount(row.cents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A child's statement as the PDF has it, to read on the page: who gave it, who paid, for what, how much. */
export function StatementView({ statement: s }: { statement: Statement }) {
  const child = s.camper.name;
  const none = <p className={`text-sm font-medium ${quiet}`}>{`No payment for ${child} in ${s.year}.`}</p>;
  // Nothing paid and nothing back: the year's statement has nothing to tell a tax form.
  if (s.payments.length === 0 && s.refunds.length === 0) {
    return <div data-testid="statement">{none}</div>;
  }
  return (
    <div className="flex flex-col gap-4" data-testid="statement">
      <p className={`text-sm ${quiet}`}>
        Statement of payments, {s.year}. Issued <time dateTime={s.issuedOn}>{dayText(s.issuedOn)}</time>.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Part title="Provider">
          <p>{s.academy.legalName}</p>
          <p>{s.academy.address}</p>
          <p>Tax id (EIN): {s.academy.taxId}</p>
          <p>
            {s.academy.email}, {s.academy.phone}
          </p>
        </Part>
        <Part title="Paid by">
          <p>{s.payer.name}</p>
          {s.payer.address && <p>{s.payer.address}</p>}
          <p>{s.payer.email}</p>
        </Part>
        <Part title="For the child">
          <p>{child}</p>
          {s.camper.dateOfBirth && (
            <p>
              Date of birth: <time dateTime={s.camper.dateOfBirth}>{dayText(s.camper.dateOfBirth)}</time>
            </p>
          )}
        </Part>
      </div>
      <div>
        <h4 className={subheading}>Classes</h4>
        {s.seats.length === 0 ? (
          <p className={`mt-1 text-sm ${quiet}`}>No class in {s.year}.</p>
        ) : (
          <ul className={`mt-1 flex flex-col gap-1 text-sm ${quiet}`}>
            {s.seats.map((seat, i) => (
              <li key={i} className="break-words">
                <span className="font-medium text-slate-900 dark:text-white">{seat.className}</span>
                {": "}
                {attendedText(seat)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {s.payments.length === 0 ? (
        none
      ) : (
        <MoneyTable caption={`Payments for ${child} in ${s.year}`} rows={s.payments} amount={money} />
      )}
      {s.refunds.length > 0 && (
        <MoneyTable caption={`Refunds for ${child} in ${s.year}`} rows={s.refunds} amount={moneyBack} />
      )}
      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="statement-totals">
        <dt className={quiet}>Paid</dt>
        <dd className="text-right tabular-nums text-slate-900 dark:text-white">{money(s.paidCents)}</dd>
        <dt className={quiet}>Refunded</dt>
        <dd className="text-right tabular-nums text-slate-900 dark:text-white">{moneyBack(s.refundedCents)}</dd>
        <dt className={subheading}>Paid in the end</dt>
        <dd className="text-right font-bold tabular-nums text-slate-900 dark:text-white">{money(s.netCents)}</dd>
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {`Amounts are what was paid for ${child}'s seats in ${s.year}, on the day each payment was made, less what went back. A seat moved to another class carries its payment with it and is not counted twice.`}
      </p>
    </div>
  );
}

/** Loads a child's statement for a year and shows it, or says why it cannot. */
export function StatementPanel({ year, camper }: { year: number; camper: { _id: string; name: string } }) {
  const statement = useStatement(year, camper._id);
  const name = statementName(camper.name, year);
  if (statement.isPending) return <RowsSkeleton label={`Loading ${name}`} rows={1} />;
  if (statement.isError) {
    return <ErrorState what={name} error={statement.error} onRetry={() => void statement.refetch()} />;
  }
  return <StatementView statement={statement.data} />;
}
