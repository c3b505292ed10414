import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { academyToday } from "shared-auth/academy-time";
import { AdminRoot } from "../components/admin-root";
import { buttonStyles } from "../components/buttons";
import { AidPanel } from "../components/front-desk/aid-panel";
import { FamilyFinder } from "../components/front-desk/family-finder";
import { OfficeLogPanel } from "../components/front-desk/office-log";
import { FamilyView } from "../components/front-desk/family-view";
import { StatementsArchive } from "../components/front-desk/statements-archive";
import { ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { useFrontDeskFamily } from "../lib/front-desk-api";
import "../styles.css";

/**
 * /dashboard/front-desk (decision 047): the office registers a family or finds it, keeps its
 * guardians and campers, books seats for it and records the money received at the desk (cash,
 * cheque, bank transfer), leaving a balance the family may pay later by card. The family open is
 * in the address (?family=<id>), so a reload or Back shows the same family. The first screen also
 * holds the office's recent work, the year-end statements and the season's financial aid.
 */
export default function FrontDeskPage() {
  const [params, setParams] = useSearchParams();
  const familyId = params.get("family");
  const family = useFrontDeskFamily(familyId);
  const [today] = useState(() => academyToday());
  const [done, setDone] = useState<{ text: string; n: number } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // What was done is said where focus can find it: the form that did it may be gone.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const open = (id: string | null) => {
    setDone(null);
    setParams(id ? { family: id } : {});
  };

  return (
    <AdminRoot>
      <PageHeading title="Front desk">
        {familyId && (
          <button type="button" className={buttonStyles.plain} onClick={() => open(null)}>
            Find another family
          </button>
        )}
      </PageHeading>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Register a family or find it, book classes for it and record what it paid at the desk. What is left to pay shows
        on the family&apos;s My Balance, where it can pay by card.
      </p>
      <p
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className={
          done
            ? "mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
            : "sr-only"
        }
      >
        {done?.text}
      </p>
      {familyId === null ? (
        <div className="flex flex-col gap-5">
          <FamilyFinder onOpen={open} />
          <OfficeLogPanel familyId={null} />
          <StatementsArchive />
          <AidPanel />
        </div>
      ) : family.isPending ? (
        <TableSkeleton label="Loading the family" rows={4} />
      ) : family.isError ? (
        <ErrorState what="The family" error={family.error} onRetry={() => void family.refetch()} />
      ) : (
        <FamilyView
          key={family.data._id}
          family={family.data}
          today={today}
          onDone={(text) => setDone((d) => ({ text, n: (d?.n ?? 0) + 1 }))}
        />
      )}
    </AdminRoot>
  );
}
