import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import {
  METHOD_LABELS,
  moneyText,
  paymentForm,
  paymentRequest,
  placeFieldErrors,
  statusText,
  type FrontDeskOrder,
  type Problems,
} from "../../lib/front-desk";
import { useRecordPayment } from "../../lib/front-desk-api";
import { readTime } from "../../lib/family";
import { dayInWords } from "../../lib/plans";
import { buttonStyles } from "../buttons";
import { CARD, fieldId, focusFirstProblem, FormAlert, HINT } from "./fields";
import { PaymentFields } from "./payment-fields";
import { SeatMove } from "./seat-move";

const STATUS_LOOK: Record<FrontDeskOrder["status"], string> = {
  paid: "border-emerald-300 text-emerald-900 dark:border-emerald-700 dark:text-emerald-200",
  "partially paid": "border-amber-300 text-amber-900 dark:border-amber-700 dark:text-amber-200",
  "balance due": "border-red-300 text-red-800 dark:border-red-700 dark:text-red-200",
};

/** The family's bookings, newest first as the API sends them: seats, money, payments, what is owed. */
export function OrdersPanel({
  familyId,
  orders,
  today,
  onRecorded,
}: {
  familyId: string;
  orders: FrontDeskOrder[];
  today: string;
  onRecorded: (text: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Bookings
      </h2>
      {orders.length === 0 ? (
        <p className={HINT}>No booking yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.map((order) => (
            <OrderCard key={order._id} familyId={familyId} order={order} today={today} onRecorded={onRecorded} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderCard({
  familyId,
  order,
  today,
  onRecorded,
}: {
  familyId: string;
  order: FrontDeskOrder;
  today: string;
  onRecorded: (text: string) => void;
}) {
  const id = useId();
  const [recording, setRecording] = useState(false);
  const recordButton = useRef<HTMLButtonElement>(null);
  const booked = readTime(order.bookedAt);
  const figures: [string, number][] = [
    ["Total", order.totalCents],
    ["Paid", order.paidCents],
    ["Owed", order.owedCents],
  ];
  if (order.refundedCents > 0) figures.push(["Refunded", order.refundedCents]);
  return (
    <li
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
          Booked {booked}
          {order.atTheDesk ? " at the desk" : " online"}
        </h3>
        <span className={`rounded-full border px-2.5 py-0.5 text-xs font-bold ${STATUS_LOOK[order.status] ?? ""}`}>
          {statusText(order)}
        </span>
      </div>
      <ul aria-label="Seats" className="flex flex-col gap-1 text-sm">
        {order.seats.map((s) => (
          <li key={`${s.classId}-${s.camperName}`} className="flex min-w-0 flex-col gap-1 py-0.5">
            <div className="flex flex-wrap justify-between gap-x-3 break-words">
              <span>
                {s.className} · {s.camperName}
                {s.movedTo !== null ? (
                  <span className="text-slate-600 dark:text-slate-400"> · Moved to {s.movedTo}</span>
                ) : (
                  s.cancelled && <span className="text-slate-600 dark:text-slate-400"> (cancelled)</span>
                )}
              </span>
              <span className="tabular-nums">{moneyText(s.priceCents)}</span>
            </div>
            <SeatMove familyId={familyId} order={order} seat={s} today={today} onDone={onRecorded} />
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-4">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{moneyText(cents)}</dd>
          </div>
        ))}
      </dl>
      {order.owedCents > 0 && order.dueDay && (
        <p className={`text-sm ${order.overdue ? "font-semibold text-red-700 dark:text-red-300" : ""}`}>
          {order.overdue ? "Overdue: was due" : "Due by"} {dayInWords(order.dueDay)}
        </p>
      )}
      {order.payments.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Payments of the booking of ${booked}`}</caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Payment
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((p) => (
              <tr key={p._id} className="border-t border-slate-200 align-top dark:border-slate-700">
                <td className="py-1.5 pr-2 break-words">
                  {/* The API's words fit a sentence ("in cash"): a table cell starts with a capital. */}
                  {p.methodText
                    ? `${p.methodText.charAt(0).toUpperCase()}${p.methodText.slice(1)}`
                    : METHOD_LABELS[p.method]}
                  {p.reference && !p.methodText.includes(p.reference) ? ` (${p.reference})` : ""}
                </td>
                <td className="py-1.5 pr-2">{p.receivedOn ? dayInWords(p.receivedOn) : readTime(p.paidAt)}</td>
                <td className="py-1.5 text-right tabular-nums">{moneyText(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {order.owedCents > 0 &&
        (recording ? (
          <RecordPayment
            familyId={familyId}
            order={order}
            today={today}
            onClose={() => {
              setRecording(false);
              requestAnimationFrame(() => recordButton.current?.focus());
            }}
            onRecorded={(text) => {
              setRecording(false);
              onRecorded(text);
            }}
          />
        ) : (
          <button
            ref={recordButton}
            type="button"
            className={`self-start ${buttonStyles.plain}`}
            onClick={() => setRecording(true)}
            aria-label={`Record a payment on the booking of ${booked}`}
          >
            Record a payment
          </button>
        ))}
    </li>
  );
}

/** Money received later for an order (POST /admin/orders/:id/payments): up to what it owes. */
function RecordPayment({
  familyId,
  order,
  today,
  onClose,
  onRecorded,
}: {
  familyId: string;
  order: FrontDeskOrder;
  today: string;
  onClose: () => void;
  onRecorded: (text: string) => void;
}) {
  const id = useId();
  const prefix = `${id}-pay`;
  const record = useRecordPayment(familyId);
  const [values, setValues] = useState(() => paymentForm(order.owedCents, today));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Opened by its button, which is gone now: focus goes to the form's first choice.
  useEffect(() => document.getElementById(fieldId(prefix, "method"))?.focus(), [prefix]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (record.isPending) return;
    const { body, problems: seen } = paymentRequest(values, { owedCents: order.owedCents, today });
    setProblems(seen);
    setFailure(null);
    if (!body || Object.keys(seen).length > 0) return focusFirstProblem(prefix, seen);
    record.mutate(
      { orderId: order._id, body },
      {
        onSuccess: (updated) =>
          onRecorded(
            `${moneyText(body.amountCents)} recorded. ${updated.owedCents > 0 ? `Still owed: ${moneyText(updated.owedCents)}.` : "The booking is paid."}`,
          ),
        onError: (error) => {
          const { placed, other } = placeFieldErrors(fieldErrors(error));
          setProblems(placed);
          focusFirstProblem(prefix, placed);
          setFailure([errorMessage(error), ...other].join(" "));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60"
    >
      <h4 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
        Record a payment: {moneyText(order.owedCents)} owed
      </h4>
      <PaymentFields
        prefix={prefix}
        values={values}
        onChange={setValues}
        problems={problems}
        dueCents={order.owedCents}
        today={today}
        booking={false}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={record.isPending}>
          {record.isPending ? "Recording…" : "Record the payment"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={record.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
