import { useEffect, useId, useRef } from "react";
import { useAidApplication } from "../../lib/aid-api";
import type { AdminAidApplication } from "../../lib/aid-types";
import { buttonStyles } from "../buttons";
import { ErrorState } from "../states";
import { HINT } from "./fields";

/**
 * One family's statement, read from the detail call (the API logs who read it) only once the
 * office asks for it. Shown as text as the family typed it: its line breaks kept, markup never read.
 */
export function AidStatement({ application, onClose }: { application: AdminAidApplication; onClose: () => void }) {
  const id = useId();
  const detail = useAidApplication(application._id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="font-display text-lg font-bold break-words text-slate-900 outline-none dark:text-white"
      >
        Statement for {application.camperName}
      </h3>
      <p className={HINT}>
        From {application.familyName}, a household of {application.householdSize}. Your reading is logged.
      </p>
      {detail.isPending ? (
        <p role="status">Loading the statement…</p>
      ) : detail.isError ? (
        <ErrorState what="The statement" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm break-words whitespace-pre-line text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          {detail.data.statement}
        </p>
      )}
      <div>
        <button type="button" className={buttonStyles.plain} onClick={onClose}>
          Close the statement
        </button>
      </div>
    </div>
  );
}
