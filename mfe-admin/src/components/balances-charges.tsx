import { useId, useState } from "react";
import { errorMessage } from "shared-auth";
import { countOf } from "shared-auth/plural";
import { buttonStyles, inputStyles } from "./buttons";
import { type ChargeAction } from "./charge-dialog";
import { EmptyState } from "./states";
import {
  canChange,
  canRetry,
  daysOverdueInWords,
  filtered,
  FILTERS,
  statusInWords,
  useChangeCharge,
  type BalancesDue,
  type Filter,
  type OfficeInstalment,
} from "../lib/balances";
import { money } from "../lib/discounts";
import { dayInWords } from "../lib/plans";
import { CELL, HEAD, ROW, TABLE_BOX } from "./balances-styles";

function StatusBadge({ charge }: { charge: OfficeInstalment }) {
  const tone =
    charge.status === "failed"
      ? charge.atRisk
        ? "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      : charge.status === "charging"
        ? "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100"
        : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100";
  return (
    <span className={`inline-block rounded-xl px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {statusInWords(charge)}
    </span>
  );
}

export interface Acting {
  action: ChargeAction;
  charge: OfficeInstalment;
}

/** A row's buttons: each name says whose charge it acts on, as a screen reader lists them out of the table. */
function RowActions({
  charge,
  today,
  stacked,
  onAct,
  onRetried,
  onFailed,
}: {
  charge: OfficeInstalment;
  today: string;
  /** One above the other (a table's narrow column), else side by side. */
  stacked: boolean;
  onAct: (acting: Acting) => void;
  onRetried: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const retry = useChangeCharge();
  const whose = `${charge.familyName}, ${money(charge.amountCents)} due ${dayInWords(charge.due)}`;
  if (!canChange(charge)) {
    return <span className="text-slate-600 dark:text-slate-400">Wait a minute: it is being charged.</span>;
  }
  return (
    <div className={stacked ? "flex flex-col items-stretch gap-2" : "flex flex-wrap gap-2"}>
      {canRetry(charge, today) && (
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={retry.isPending}
          aria-label={`Try again: ${whose}`}
          onClick={() =>
            retry.mutate(
              { kind: "retry", id: charge._id },
              {
                onSuccess: () => onRetried(`${whose}: the card is tried again within a minute.`),
                onError: (error) => onFailed(`${whose} was not tried again: ${errorMessage(error)}`),
              },
            )
          }
        >
          {retry.isPending ? "Trying…" : "Try again"}
        </button>
      )}
      <button
        type="button"
        className={buttonStyles.plain}
        aria-label={`Move… ${whose}`}
        onClick={() => onAct({ action: "move", charge })}
      >
        Move…
      </button>
      <button
        type="button"
        className={buttonStyles.plain}
        aria-label={`Waive… ${whose}`}
        onClick={() => onAct({ action: "waive", charge })}
      >
        Waive…
      </button>
      <button
        type="button"
        className={buttonStyles.danger}
        aria-label={`Cancel plan… ${whose}`}
        onClick={() => onAct({ action: "cancel", charge })}
      >
        Cancel plan…
      </button>
    </div>
  );
}

const EMPTY_FILTER: Record<Filter, string> = {
  all: "No family owes anything on a payment plan.",
  overdue: "No charge is overdue.",
  "at-risk": "No charge is at risk.",
};

/** The parts of a charge both layouts show, each in its own element. */
const Family = ({ charge }: { charge: OfficeInstalment }) => (
  <>
    <span className="block font-semibold break-words text-slate-900 dark:text-white">{charge.familyName}</span>
    <span className="block break-all text-slate-600 dark:text-slate-400">{charge.email}</span>
    {charge.planName && <span className="block break-words text-slate-600 dark:text-slate-400">{charge.planName}</span>}
  </>
);

const Seats = ({ charge }: { charge: OfficeInstalment }) => (
  <ul>
    {charge.seats.map((s) => (
      <li key={`${s.classId}\u0000${s.camperName}`} className="break-words">
        {s.camperName}, {s.className}
      </li>
    ))}
  </ul>
);

const Status = ({ charge }: { charge: OfficeInstalment }) => (
  <>
    <StatusBadge charge={charge} />
    {charge.problem && (
      <span className="mt-1 block break-words text-slate-600 dark:text-slate-400">{charge.problem}</span>
    )}
    {charge.attempts > 0 && (
      <span className="block text-slate-600 dark:text-slate-400">
        {countOf(charge.attempts, "attempt", "attempts")}
      </span>
    )}
  </>
);

const Overdue = ({ charge }: { charge: OfficeInstalment }) => (
  <span className={charge.daysOverdue > 0 ? "font-semibold text-red-700 dark:text-red-300" : ""}>
    {daysOverdueInWords(charge.daysOverdue)}
  </span>
);

export function Charges({
  data,
  onAct,
  onDone,
  onFailed,
}: {
  data: BalancesDue;
  onAct: (acting: Acting) => void;
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState<Filter>("all");
  const list = filtered(data.instalments, filter);
  const actions = (c: OfficeInstalment, stacked: boolean) => (
    <RowActions charge={c} today={data.today} stacked={stacked} onAct={onAct} onRetried={onDone} onFailed={onFailed} />
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Charges
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {countOf(list.length, "charge", "charges")}
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            Show
            <select value={filter} onChange={(e) => setFilter(e.target.value as Filter)} className={inputStyles}>
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {list.length === 0 ? (
        <EmptyState title={EMPTY_FILTER[filter]} />
      ) : (
        <>
          {/* Wider screens: a table that still scrolls inside its box on a narrow one; its buttons take the keyboard there. */}
          <div className={`hidden md:block ${TABLE_BOX}`}>
            <table className="w-full min-w-[50rem] text-left text-sm">
              <caption className="sr-only">Charges still to come or refused</caption>
              <thead className={HEAD}>
                <tr>
                  {["Due", "Family", "Seats", "Amount", "Status", "Overdue", "Note", "Actions"].map((h) => (
                    <th key={h} scope="col" className={`px-3 py-2 ${h === "Amount" ? "text-right" : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c._id} className={ROW}>
                    <td className={`${CELL} whitespace-nowrap`}>{dayInWords(c.due)}</td>
                    <th scope="row" className={`${CELL} max-w-[12rem] font-normal`}>
                      <Family charge={c} />
                    </th>
                    <td className={`${CELL} max-w-[12rem]`}>
                      <Seats charge={c} />
                    </td>
                    <td className={`${CELL} text-right whitespace-nowrap`}>{money(c.amountCents)}</td>
                    <td className={`${CELL} max-w-[12rem]`}>
                      <Status charge={c} />
                    </td>
                    <td className={`${CELL} whitespace-nowrap`}>
                      <Overdue charge={c} />
                    </td>
                    <td className={`${CELL} max-w-[10rem] break-words`}>{c.note ?? ""}</td>
                    <td className={CELL}>{actions(c, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Phones: one card a charge, the same facts with their names. */}
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Charges still to come or refused">
            {list.map((c) => (
              <li
                key={c._id}
                className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Family charge={c} />
                  </div>
                  <span className="font-display text-lg font-bold whitespace-nowrap text-slate-900 dark:text-white">
                    {money(c.amountCents)}
                  </span>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-600 dark:text-slate-400">Due</dt>
                  <dd>{dayInWords(c.due)}</dd>
                  <dt className="text-slate-600 dark:text-slate-400">Overdue</dt>
                  <dd>
                    <Overdue charge={c} />
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-400">Seats</dt>
                  <dd className="min-w-0">
                    <Seats charge={c} />
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-400">Status</dt>
                  <dd className="min-w-0">
                    <Status charge={c} />
                  </dd>
                  {c.note && (
                    <>
                      <dt className="text-slate-600 dark:text-slate-400">Note</dt>
                      <dd className="min-w-0 break-words">{c.note}</dd>
                    </>
                  )}
                </dl>
                {actions(c, false)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
