import { useEffect, useId, useState } from "react";
import { errorMessage } from "shared-auth";
import { canSearch, moneyText, searchStatus } from "../../lib/front-desk";
import { useFamilySearch } from "../../lib/front-desk-api";
import { buttonStyles, inputStyles } from "../buttons";
import { CARD, HINT, LABEL } from "./fields";
import { NewFamilyForm } from "./new-family-form";

/**
 * The front desk's first step: find the family by name, e-mail, phone or a child's name (asked
 * once the admin pauses typing), or register a new one. Either opens the family.
 */
export function FamilyFinder({ onOpen }: { onOpen: (familyId: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [term, setTerm] = useState("");
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (draft.trim() === term) return;
    const timer = setTimeout(() => setTerm(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft, term]);
  const search = useFamilySearch(term);
  const found = canSearch(term) ? search.data : undefined;

  if (adding) {
    return <NewFamilyForm onCreated={onOpen} onCancel={() => setAdding(false)} />;
  }
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Find a family
        </h2>
        <button type="button" className={buttonStyles.primary} onClick={() => setAdding(true)}>
          New family
        </button>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-q`} className={LABEL}>
          Name, e-mail, phone or child&apos;s name
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            setTerm(draft.trim());
          }}
          maxLength={120}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          aria-controls={`${id}-results`}
          className={`${inputStyles} w-full`}
        />
      </div>
      <p id={`${id}-status`} role="status" className={HINT}>
        {search.isError ? "" : searchStatus(term, found, search.isPlaceholderData)}
      </p>
      {search.isError && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          The families could not be searched: {errorMessage(search.error)}
          <button type="button" className={buttonStyles.plain} onClick={() => void search.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ul
        id={`${id}-results`}
        aria-label="Families found"
        aria-busy={search.isFetching}
        className={`flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700 ${found && found.length > 0 ? "" : "hidden"}`}
      >
        {found?.map((family) => (
          <li key={family._id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold break-words text-slate-900 dark:text-white">
                {family.name}
                {!family.claimed && (
                  <span className="ml-2 rounded-full border border-amber-300 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:text-amber-200">
                    Not signed in yet
                  </span>
                )}
              </p>
              <p className="break-words text-slate-700 dark:text-slate-300">
                {family.email}
                {family.phone ? ` · ${family.phone}` : ""}
              </p>
              <p className="break-words text-slate-600 dark:text-slate-400">
                {family.campers.length === 0 ? "No camper yet" : family.campers.map((c) => c.name).join(", ")}
                {family.owedCents > 0 ? ` · Owes ${moneyText(family.owedCents)}` : ""}
              </p>
            </div>
            <button
              type="button"
              className={buttonStyles.plain}
              onClick={() => onOpen(family._id)}
              aria-label={`Open the family of ${family.name}`}
            >
              Open
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
