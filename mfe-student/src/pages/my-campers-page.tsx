import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage, EmptyState, queryKeys, useStudentEmail, type Camper } from "shared-auth";
import { useCampers, useEnrolled, useGuardians, useRemoveCamper } from "shared-auth/queries";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { ErrorState, RowsSkeleton } from "../components/states";
import { actionButton, card } from "../components/styles";
import { confirmRemove, showRemoved, showRemoveRefused, showSeatFirst } from "../features/campers/alerts";
import { CamperCard, camperEditId, camperTitleId } from "../features/campers/camper-card";
import { camperTitle, needsEmergencyContact, todayUtc } from "../features/campers/camper-fields";
import { seatKeeping } from "../features/campers/seat";
import { CamperForm, type SaveOutcome } from "../features/campers/camper-form";
import { saveFamilyData } from "../features/campers/download";
import { secondaryButton } from "../features/campers/form-ui";
import { GuardiansSection } from "../features/guardians/guardians-section";
import { AidSection } from "../features/aid/aid-section";
import "../styles.css";

const ADD_BUTTON_ID = "add-child";

/** Which form is open: none, adding a child, or changing one camper. */
type Editing = null | { mode: "add" } | { mode: "edit"; id: string };

/** The element focus goes to once the list has re-rendered (its button or the form is gone). */
function focusById(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.focus();
  return true;
}

/**
 * /dashboard/campers: the family's campers, "Myself" (the account holder) first, then
 * the children, each with their medical notes and the people to call or to hand them to. Adds,
 * changes and removes children; the account holder's own entry takes everything but the name.
 * Every seat booked names one of them. Below them, financial aid for each camper, when the academy
 * offers it.
 */
export default function MyCampersPage() {
  const email = useStudentEmail();
  const campers = useCampers();
  // The parents' section stands above the list: the page shows once both have answered, so the
  // list does not jump down when the section arrives after it.
  const guardians = useGuardians();
  const remove = useRemoveCamper();
  const enrolled = useEnrolled();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState("");
  const [removingId, setRemovingId] = useState<string | null>(null);
  // The id of the element focus goes to once it is on the page (after a save, a removal, a cancel).
  const focusTarget = useRef<string | null>(null);
  const [, setFocusRequests] = useState(0);
  const [download, setDownload] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const [today] = useState(todayUtc);

  useEffect(() => {
    if (focusTarget.current && focusById(focusTarget.current)) focusTarget.current = null;
  });

  function moveFocusTo(id: string) {
    focusTarget.current = id;
    setFocusRequests((n) => n + 1);
  }

  const list = campers.data ?? [];
  const children = list.filter((c) => !c.is_self);

  /** The cached list, changed at once (the query is refetched as well): the page follows the save. */
  function updateList(change: (list: Camper[]) => Camper[]) {
    if (email) client.setQueryData<Camper[]>(queryKeys.campers(email), (old) => old && change(old));
  }

  function onSaved(camper: Camper, outcome: SaveOutcome) {
    if (outcome === "added") updateList((old) => [...old.filter((c) => c._id !== camper._id), camper]);
    if (outcome === "saved") updateList((old) => old.map((c) => (c._id === camper._id ? camper : c)));
    setEditing(null);
    const name = camperTitle(camper);
    setNotice(
      outcome === "added"
        ? `${name} was added.`
        : outcome === "saved"
          ? `${name}: changes saved.`
          : `${name}: nothing was changed.`,
    );
    moveFocusTo(camperTitleId(camper));
  }

  function onCancel() {
    const target = editing?.mode === "edit" ? camperEditId({ _id: editing.id }) : ADD_BUTTON_ID;
    setEditing(null);
    moveFocusTo(target);
  }

  function startEditing(next: Exclude<Editing, null>) {
    setNotice("");
    setEditing(next);
  }

  async function onRemove(camper: Camper) {
    if (removingId !== null) return;
    // A child holding a seat stays until it is cancelled: said at once, without asking first.
    const seat = seatKeeping(camper._id, enrolled.data, today);
    if (seat) {
      await showSeatFirst(camper.first_name, seat);
      return;
    }
    if (!(await confirmRemove())) return;
    const index = list.findIndex((c) => c._id === camper._id);
    // After it goes: the camper now in its place, else the one before ("Myself" is always there).
    const next = list[index + 1] ?? list[index - 1];
    setRemovingId(camper._id);
    try {
      await remove.mutateAsync(camper._id);
      updateList((old) => old.filter((c) => c._id !== camper._id));
      if (editing?.mode === "edit" && editing.id === camper._id) setEditing(null);
      setNotice(`${camper.name} was removed.`);
      // Focus goes on before the notice opens: the dialog gives it back to where it was when it closes.
      const target = next ? camperTitleId(next) : ADD_BUTTON_ID;
      focusById(target);
      await showRemoved(camper.name);
      moveFocusTo(target);
    } catch (error) {
      // 409: the API's reason as it words it ("Mia is enrolled in ..."); else why it failed.
      await showRemoveRefused(camper.name, errorMessage(error));
    } finally {
      setRemovingId(null);
    }
  }

  async function onDownload() {
    setDownload({ busy: true, problem: null });
    try {
      const filename = await saveFamilyData();
      setDownload({ busy: false, problem: null });
      setNotice(`Your family's data was saved as ${filename}.`);
    } catch (error) {
      setDownload({ busy: false, problem: error instanceof Error ? error.message : String(error) });
    }
  }

  let body;
  if (email === null) body = <NotAStudent />;
  else if (campers.isPending || guardians.isPending) body = <RowsSkeleton label="Loading your campers" rows={2} />;
  else if (campers.isError)
    body = <ErrorState what="Your campers" error={campers.error} onRetry={() => void campers.refetch()} />;
  else {
    const adding = editing?.mode === "add";
    body = (
      <>
        <GuardiansSection onNotice={setNotice} />
        {/* Only while a child still lacks one: a family that did it is not told again. */}
        {children.some(needsEmergencyContact) && (
          <p
            data-testid="emergency-contact-banner"
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <strong className="font-semibold">Before a child&apos;s first booking:</strong> add at least one emergency
            contact, someone we can call while they are at camp.
          </p>
        )}
        <ul className="flex flex-col gap-4" aria-label="Your campers">
          {list.map((camper) => (
            <li key={camper._id}>
              {editing?.mode === "edit" && editing.id === camper._id ? (
                <CamperForm camper={camper} onSaved={onSaved} onCancel={onCancel} />
              ) : (
                <CamperCard
                  camper={camper}
                  today={today}
                  removing={removingId === camper._id}
                  onEdit={() => startEditing({ mode: "edit", id: camper._id })}
                  onRemove={() => void onRemove(camper)}
                />
              )}
            </li>
          ))}
        </ul>
        {adding ? (
          <CamperForm onSaved={onSaved} onCancel={onCancel} />
        ) : children.length === 0 ? (
          <EmptyState
            title="No children yet: add the first"
            action={
              <button
                id={ADD_BUTTON_ID}
                type="button"
                className={actionButton}
                onClick={() => startEditing({ mode: "add" })}
              >
                Add a child
              </button>
            }
          >
            <p>Add each child you book classes for, with their allergies and the people to call.</p>
          </EmptyState>
        ) : editing ? null : (
          // Hidden while a camper's form is open: one form at a time.
          <div>
            <button
              id={ADD_BUTTON_ID}
              type="button"
              className={actionButton}
              onClick={() => startEditing({ mode: "add" })}
            >
              <span aria-hidden="true">+</span>&nbsp;Add a child
            </button>
          </div>
        )}
        <AidSection />
        <section aria-labelledby="family-data" className={`flex flex-col gap-3 p-4 sm:p-5 ${card}`}>
          <h2 id="family-data" className="font-display text-lg font-bold text-slate-900 dark:text-white">
            Your family&apos;s data
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Everything the academy holds about your family (your account, your campers, their bookings and your
            payments), as one JSON file.
          </p>
          <div>
            <button
              type="button"
              className={secondaryButton}
              aria-disabled={download.busy || undefined}
              onClick={() => {
                if (!download.busy) void onDownload();
              }}
            >
              {download.busy ? "Preparing the file…" : "Download our data"}
            </button>
          </div>
          {download.problem && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              The file could not be made: {download.problem}
            </p>
          )}
        </section>
      </>
    );
  }

  return (
    <PageFrame
      title="My Campers"
      intro="The people you book classes for: you and your children. Every seat you book names one of them."
    >
      <p role="status" className={notice ? "font-medium text-emerald-800 dark:text-emerald-300" : "sr-only"}>
        {notice}
      </p>
      {body}
    </PageFrame>
  );
}
