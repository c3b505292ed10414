import { useState } from "react";
import { useAcademy, type Guardian } from "shared-auth";
import { addressLine } from "shared-auth/contact-format";
import { useGuardians } from "shared-auth/queries";
import { ErrorState, RowsSkeleton } from "../../components/states";
import { card } from "../../components/styles";
import { secondaryButton } from "../campers/form-ui";
import { toFormValues } from "./guardian-fields";
import { GuardiansForm } from "./guardians-form";

const EDIT_ID = "guardians-edit";

function GuardianCard({ guardian }: { guardian: Guardian }) {
  return (
    <li className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800">
      <p className="font-semibold break-words text-slate-900 dark:text-white">
        {guardian.name} <span className="font-normal text-slate-600 dark:text-slate-400">({guardian.relation})</span>
      </p>
      <p className="break-words text-slate-700 dark:text-slate-300">{guardian.phone}</p>
      <p className="break-words text-slate-700 dark:text-slate-300">{guardian.email}</p>
      <p className="break-words text-slate-700 dark:text-slate-300">{addressLine(guardian)}</p>
    </li>
  );
}

/**
 * The family's parents or guardians on My Campers: the account holder's own phone and address
 * (needed before the first booking) and a second parent's. Says what is missing until it is given.
 */
export function GuardiansSection({ onNotice }: { onNotice: (text: string) => void }) {
  const guardians = useGuardians();
  const user = useAcademy((s) => s.user);
  const [editing, setEditing] = useState(false);

  if (guardians.isPending) return <RowsSkeleton label="Loading your family's parents and guardians" rows={1} />;
  if (guardians.isError)
    return (
      <ErrorState
        what="Your family's parents and guardians"
        error={guardians.error}
        onRetry={() => void guardians.refetch()}
      />
    );
  const { guardians: list, complete } = guardians.data;
  const accountEmail = user?.email ?? "";

  if (editing || !complete)
    return (
      <div className="flex flex-col gap-3">
        {!complete && (
          <p
            data-testid="guardian-banner"
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <strong className="font-semibold">Before your first booking:</strong> give your mobile phone and postal
            address, so the academy can reach you about your children.
          </p>
        )}
        <GuardiansForm
          initial={toFormValues(list, user?.displayName ?? "")}
          accountEmail={accountEmail}
          focusFirst={editing}
          onSaved={() => {
            setEditing(false);
            onNotice("Parents and guardians: saved.");
            requestAnimationFrame(() => document.getElementById(EDIT_ID)?.focus());
          }}
          onCancel={
            complete
              ? () => {
                  setEditing(false);
                  requestAnimationFrame(() => document.getElementById(EDIT_ID)?.focus());
                }
              : null
          }
        />
      </div>
    );

  return (
    <section aria-labelledby="guardians-title" className={`flex flex-col gap-3 p-4 sm:p-5 ${card}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="guardians-title" className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Parents and guardians
        </h2>
        <button
          id={EDIT_ID}
          type="button"
          aria-label="Edit parents and guardians"
          className={secondaryButton}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.map((g) => (
          <GuardianCard key={g.position} guardian={g} />
        ))}
      </ul>
      {list.length === 1 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A second parent or guardian can be added with Edit.
        </p>
      )}
    </section>
  );
}
