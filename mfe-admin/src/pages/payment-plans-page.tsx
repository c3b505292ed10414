import { useState } from "react";
import { errorMessage } from "shared-auth";
import { Link } from "react-router-dom";
import { AdminRoot } from "../components/admin-root";
import { buttonStyles } from "../components/buttons";
import { PlanFormCard } from "../components/plan-form";
import { PlanRiskForm } from "../components/plan-risk-form";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { confirmDelete, notifyDeleted, showFailure } from "../lib/alerts";
import {
  cutoffOf,
  emptyForm,
  formOf,
  minimumOf,
  planFor,
  useDeletePlan,
  usePlans,
  useSavePlan,
  type PaymentPlan,
  type PlanForm,
} from "../lib/plans";
import "../styles.css";

function Actions({ plan, onEdit }: { plan: PaymentPlan; onEdit: () => void }) {
  const save = useSavePlan();
  const remove = useDeletePlan();
  const del = async () => {
    if (!(await confirmDelete())) return;
    remove.mutate(plan._id, {
      onSuccess: () => void notifyDeleted(`The payment plan ${plan.name}`),
      onError: (error) => void showFailure(`${plan.name} was not deleted`, errorMessage(error)),
    });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonStyles.plain} onClick={onEdit} aria-label={`Edit ${plan.name}`}>
        Edit
      </button>
      <button
        type="button"
        className={buttonStyles.plain}
        disabled={save.isPending}
        aria-label={`${plan.paused ? "Resume" : "Pause"} ${plan.name}`}
        onClick={() =>
          save.mutate(
            { id: plan._id, body: { paused: !plan.paused } },
            { onError: (error) => void showFailure(`${plan.name} was not changed`, errorMessage(error)) },
          )
        }
      >
        {plan.paused ? "Resume" : "Pause"}
      </button>
      <button
        type="button"
        className={buttonStyles.danger}
        disabled={remove.isPending}
        onClick={() => void del()}
        aria-label={`Delete ${plan.name}`}
      >
        Delete
      </button>
    </div>
  );
}

const Status = ({ plan }: { plan: PaymentPlan }) => (
  <span
    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
      plan.paused
        ? "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
        : "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200"
    }`}
  >
    {plan.paused ? "Paused" : "Offered"}
  </span>
);

/**
 * /dashboard/payment-plans (decision 040): what families may choose at checkout instead of paying
 * in full; a table, cards on phones, as the discounts page.
 */
export default function PaymentPlansPage() {
  const list = usePlans();
  const [editing, setEditing] = useState<{ id: string | null; form: PlanForm; n: number } | null>(null);
  const edit = (plan: PaymentPlan) => setEditing({ id: plan._id, form: formOf(plan), n: Date.now() });
  return (
    <AdminRoot>
      <PageHeading title="Payment plans">
        {!editing && (
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => setEditing({ id: null, form: emptyForm(), n: Date.now() })}
          >
            Add a payment plan
          </button>
        )}
      </PageHeading>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        A plan lets a family pay a deposit at checkout and the rest in instalments charged to their card. Paying in full
        is always offered; a plan only when every class in the cart starts at least its cut-off days ahead.
      </p>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Families choose a plan on the payment page and follow its payments on My Balance; each instalment is charged on
        its day and e-mailed. What families still owe, refused payments and changes to a family&apos;s schedule are on{" "}
        <Link to="/dashboard/balances" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Balances due
        </Link>
        .
      </p>
      {editing && (
        <PlanFormCard key={editing.n} initial={editing.form} editingId={editing.id} onDone={() => setEditing(null)} />
      )}
      <section aria-label="Payment plans">
        {list.isPending ? (
          <TableSkeleton label="Loading the payment plans" />
        ) : list.isError ? (
          <ErrorState what="The payment plans" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="No payment plans yet: families pay in full.">
            Add a plan to offer a deposit today and the rest in instalments.
          </EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Payment plans</caption>
                <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                  <tr>
                    {["Name", "Payments", "For", "Minimum order", "Cut-off", "Status", "Actions"].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((plan) => (
                    <tr key={plan._id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                      <th scope="row" className="px-3 py-2 font-semibold break-words text-slate-900 dark:text-white">
                        {plan.name}
                      </th>
                      <td className="px-3 py-2" data-testid="plan-summary">
                        {plan.summary}
                      </td>
                      <td className="px-3 py-2 break-words" data-testid="plan-for">
                        {planFor(plan)}
                      </td>
                      <td className="px-3 py-2">{minimumOf(plan)}</td>
                      <td className="px-3 py-2">{cutoffOf(plan)}</td>
                      <td className="px-3 py-2">
                        <Status plan={plan} />
                      </td>
                      <td className="px-3 py-2">
                        <Actions plan={plan} onEdit={() => edit(plan)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Payment plans">
              {list.data.map((plan) => (
                <li
                  key={plan._id}
                  className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">{plan.name}</p>
                    <Status plan={plan} />
                  </div>
                  <p className="break-words" data-testid="plan-summary">
                    {plan.summary}
                  </p>
                  <p className="break-words" data-testid="plan-for">
                    For: {planFor(plan)}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {minimumOf(plan)} · {cutoffOf(plan)}
                  </p>
                  <Actions plan={plan} onEdit={() => edit(plan)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section
        aria-labelledby="refused-payments"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="refused-payments" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Refused payments
        </h2>
        <PlanRiskForm />
      </section>
    </AdminRoot>
  );
}
