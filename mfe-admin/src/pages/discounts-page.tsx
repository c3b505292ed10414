import { useState } from "react";
import { errorMessage } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import { buttonStyles } from "../components/buttons";
import { DiscountFormCard } from "../components/discount-form";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { confirmDelete, notifyDeleted, showFailure } from "../lib/alerts";
import {
  appliesTo,
  emptyForm,
  formOf,
  money,
  STATE_LABEL,
  useDeleteDiscount,
  useDiscounts,
  useSaveDiscount,
  type Discount,
  type DiscountForm,
} from "../lib/discounts";
import "../styles.css";

const KIND = { code: "Code", sibling: "Sibling", multi_class: "Multi-class" } as const;

/** When a code can be used, in words. */
function validity(d: Discount): string {
  if (d.kind !== "code") return "Always";
  if (d.validFrom && d.validUntil) return `${d.validFrom} to ${d.validUntil}`;
  if (d.validFrom) return `From ${d.validFrom}`;
  if (d.validUntil) return `Until ${d.validUntil}`;
  return "Always";
}

function limits(d: Discount): string {
  const parts = [
    d.maxUses !== null && `${d.maxUses} uses`,
    d.maxUsesPerFamily !== null && `${d.maxUsesPerFamily} per family`,
    d.minOrderCents > 0 && `orders from ${money(d.minOrderCents)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "None";
}

/** What a discount brought: paid orders, their revenue net of refunds and the discount it gave. */
export function brought(d: Discount): string {
  return `${d.uses.orders} ${d.uses.orders === 1 ? "order" : "orders"}, ${money(d.uses.revenueCents)} revenue, ${money(d.uses.discountCents)} given`;
}

function Actions({ d, onEdit }: { d: Discount; onEdit: () => void }) {
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const label = `${d.name}${d.code ? ` (${d.code})` : ""}`;
  const del = async () => {
    if (!(await confirmDelete())) return;
    remove.mutate(d._id, {
      onSuccess: () => void notifyDeleted(`The discount ${label}`),
      onError: (error) => void showFailure(`${label} was not deleted`, errorMessage(error)),
    });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonStyles.plain} onClick={onEdit} aria-label={`Edit ${label}`}>
        Edit
      </button>
      <button
        type="button"
        className={buttonStyles.plain}
        disabled={save.isPending}
        aria-label={`${d.paused ? "Resume" : "Pause"} ${label}`}
        onClick={() =>
          save.mutate(
            { id: d._id, body: { paused: !d.paused } },
            { onError: (error) => void showFailure(`${label} was not changed`, errorMessage(error)) },
          )
        }
      >
        {d.paused ? "Resume" : "Pause"}
      </button>
      <button
        type="button"
        className={buttonStyles.danger}
        disabled={remove.isPending}
        onClick={() => void del()}
        aria-label={`Delete ${label}`}
      >
        Delete
      </button>
    </div>
  );
}

/** A discount's state as the API works it out on the academy's calendar: in force, or why not. */
const TONE: Record<Discount["state"], string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  paused: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  not_started: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  used_up: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
};

const Status = ({ d }: { d: Discount }) => (
  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[d.state]}`}>
    {STATE_LABEL[d.state]}
  </span>
);

/** /dashboard/discounts: promo codes, the sibling and multi-class discounts; a table, cards on phones. */
export default function DiscountsPage() {
  const list = useDiscounts();
  const [editing, setEditing] = useState<{ id: string | null; form: DiscountForm; n: number } | null>(null);
  const edit = (d: Discount) => setEditing({ id: d._id, form: formOf(d), n: Date.now() });
  return (
    <AdminRoot>
      <PageHeading title="Discounts">
        {!editing && (
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => setEditing({ id: null, form: emptyForm(), n: Date.now() })}
          >
            Add a discount
          </button>
        )}
      </PageHeading>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        How they add up for families: each seat starts from its early-bird price while it lasts (set in the class form);
        then the better of the sibling and the multi-class discounts, never both; then a promo code.
      </p>
      {editing && (
        <DiscountFormCard
          key={editing.n}
          initial={editing.form}
          editingId={editing.id}
          onDone={() => setEditing(null)}
        />
      )}
      <section aria-label="Discounts">
        {list.isPending ? (
          <TableSkeleton label="Loading the discounts" />
        ) : list.isError ? (
          <ErrorState what="The discounts" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="No discounts yet">Add a promo code, a sibling or a multi-class discount.</EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Discounts</caption>
                <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                  <tr>
                    {["Name", "Kind", "Takes off", "For", "Valid", "Limits", "Brought", "Status", "Actions"].map(
                      (h) => (
                        <th key={h} scope="col" className="px-3 py-2">
                          {h}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((d) => (
                    <tr key={d._id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                      <th scope="row" className="px-3 py-2 font-semibold break-words text-slate-900 dark:text-white">
                        {d.name}
                        {d.code && (
                          <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{d.code}</span>
                        )}
                      </th>
                      <td className="px-3 py-2">{KIND[d.kind]}</td>
                      <td className="px-3 py-2">{d.summary}</td>
                      <td className="px-3 py-2 break-words" data-testid="discount-for">
                        {appliesTo(d)}
                      </td>
                      <td className="px-3 py-2">{validity(d)}</td>
                      <td className="px-3 py-2">{limits(d)}</td>
                      <td className="px-3 py-2">{brought(d)}</td>
                      <td className="px-3 py-2">
                        <Status d={d} />
                      </td>
                      <td className="px-3 py-2">
                        <Actions d={d} onEdit={() => edit(d)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Discounts">
              {list.data.map((d) => (
                <li
                  key={d._id}
                  className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">
                      {d.name}
                      {d.code && (
                        <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{d.code}</span>
                      )}
                    </p>
                    <Status d={d} />
                  </div>
                  <p>
                    {KIND[d.kind]}: {d.summary}
                  </p>
                  <p className="break-words" data-testid="discount-for">
                    For: {appliesTo(d)}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    Valid: {validity(d)} · Limits: {limits(d)}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">Brought: {brought(d)}</p>
                  <Actions d={d} onEdit={() => edit(d)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </AdminRoot>
  );
}
