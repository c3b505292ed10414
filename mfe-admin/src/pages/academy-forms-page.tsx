import { useState } from "react";
import { errorMessage, sportLabel } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import { buttonStyles } from "../components/buttons";
import { FormBuilder } from "../components/form-builder";
import { FormsCompletion } from "../components/forms-completion";
import { EmptyState, ErrorState, PageHeading, TableSkeleton } from "../components/states";
import { confirmDelete, showFailure } from "../lib/alerts";
import {
  appliesInWords,
  draftOf,
  emptyDraft,
  useAcademyForms,
  useArchiveForm,
  type AdminForm,
  type FormDraft,
} from "../lib/forms";
import "../styles.css";

const sportName = (id: string) => sportLabel(id) ?? id;

function FormCard({ form, onEdit }: { form: AdminForm; onEdit: () => void }) {
  const archive = useArchiveForm();
  const stop = async () => {
    if (!(await confirmDelete())) return;
    archive.mutate(form.id, {
      onError: (error) => void showFailure(`${form.latest.title} is still asked for`, errorMessage(error)),
    });
  };
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
      aria-label={form.latest.title}
      data-testid="academy-form"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
          {form.latest.title}
        </h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {`${form.latest.waiver ? "Waiver" : "Form"} · version ${form.latest.version}`}
        </span>
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        {`${form.audience === "camper" ? "Once for each camper" : "Once per family"} · ${appliesInWords(form, sportName)} · due ${form.due_days_before} ${form.due_days_before === 1 ? "day" : "days"} before the first day · ${form.latest.fields.length} ${form.latest.fields.length === 1 ? "question" : "questions"}`}
      </p>
      <p className="text-xs break-all text-slate-600 dark:text-slate-400">{`SHA-256 of the text: ${form.latest.text_hash}`}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonStyles.plain}
          onClick={onEdit}
          aria-label={`Change ${form.latest.title}`}
        >
          Change
        </button>
        <button
          type="button"
          className={buttonStyles.danger}
          disabled={archive.isPending}
          onClick={() => void stop()}
          aria-label={`Stop asking for ${form.latest.title}`}
        >
          Stop asking
        </button>
      </div>
    </li>
  );
}

/**
 * /dashboard/academy-forms (decision 045): the waivers and forms families complete before the
 * first day. Publishing a change makes a new version; answers keep the version they answered.
 */
export default function AcademyFormsPage() {
  const list = useAcademyForms();
  const [editing, setEditing] = useState<{ id: string | null; draft: FormDraft; n: number } | null>(null);
  const [done, setDone] = useState("");
  return (
    <AdminRoot>
      <PageHeading title="Forms and waivers">
        {!editing && (
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => setEditing({ id: null, draft: emptyDraft(), n: Date.now() })}
          >
            Add a form
          </button>
        )}
      </PageHeading>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Families see the forms their campers&apos; classes need on My Forms and Student Home, each due the chosen number
        of days before the camper&apos;s first day. A form with a signature block is a waiver: families agree to sign
        electronically, sign it, and can download the signed copy.
      </p>
      <p role="status" className="mb-4 text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {done}
      </p>
      {editing && (
        <FormBuilder
          key={editing.n}
          initial={editing.draft}
          editingId={editing.id}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      )}
      <section aria-label="Forms and waivers">
        {list.isPending ? (
          <TableSkeleton label="Loading the forms" />
        ) : list.isError ? (
          <ErrorState what="The forms" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="No forms yet: families are asked for nothing before the first day.">
            Add a waiver or a medical form to ask every family whose campers have a class.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.map((form) => (
              <FormCard
                key={form.id}
                form={form}
                onEdit={() => {
                  setDone("");
                  setEditing({ id: form.id, draft: draftOf(form), n: Date.now() });
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <FormsCompletion />
    </AdminRoot>
  );
}
