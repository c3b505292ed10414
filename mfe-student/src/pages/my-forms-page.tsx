import { useState } from "react";
import { errorMessage, useStudentEmail } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { buttonSecondary, card } from "../components/styles";
import { dayInWords } from "../features/checkout/plan-choice";
import { AnswerPanel } from "../features/forms/answer-panel";
import { WithdrawConsent } from "../features/forms/consent-step";
import { useFamilyForms, type FormToDo } from "../features/forms/forms-api";
import "../styles.css";

const STATUS: Record<FormToDo["status"], { text: string; className: string }> = {
  complete: {
    text: "Complete",
    className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  },
  missing: { text: "To do", className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" },
  late: { text: "Late", className: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200" },
};

const keyOf = (item: FormToDo) => `${item.form_id}|${item.camper_id ?? "family"}`;
const whoOf = (item: FormToDo) => item.camper_name ?? "your family";

function FormRow({
  item,
  open,
  onOpen,
  onDone,
}: {
  item: FormToDo;
  open: boolean;
  onOpen: () => void;
  onDone: (message: string) => void;
}) {
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const headingId = `form-row-${keyOf(item).replace("|", "-")}`;
  const status = STATUS[item.status];
  const action =
    item.status === "complete" ? (item.waiver ? null : "Change answers") : item.waiver ? "Read and sign" : "Fill in";
  const download = async () => {
    setDownloadProblem(null);
    try {
      await downloadFile(item.signature_pdf!, `signed-${item.title.replace(/[^A-Za-z0-9]+/g, "-")}.pdf`);
    } catch (error) {
      setDownloadProblem(errorMessage(error));
    }
  };
  return (
    <li aria-labelledby={headingId} className={`flex flex-col gap-3 p-4 sm:p-6 ${card}`} data-testid="form-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-lg font-bold text-slate-900 dark:text-white">
            {item.title}
            <span className="font-normal text-slate-700 dark:text-slate-300">{` for ${whoOf(item)}`}</span>
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {item.status === "complete"
              ? `Done. First day: ${dayInWords(item.first_day)}.`
              : `Due ${dayInWords(item.due_date)}, before the first day (${dayInWords(item.first_day)}).`}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.className}`} data-testid="form-status">
          {status.text}
        </span>
      </div>
      {!open && (
        <div className="flex flex-wrap gap-3">
          {action && (
            <button type="button" className={buttonSecondary} onClick={onOpen} aria-describedby={headingId}>
              {action}
            </button>
          )}
          {item.signature_pdf && (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => void download()}
              aria-describedby={headingId}
            >
              Download the signed copy (PDF)
            </button>
          )}
        </div>
      )}
      {downloadProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {downloadProblem}
        </p>
      )}
      {open && <AnswerPanel formId={item.form_id} camperId={item.camper_id} who={whoOf(item)} onDone={onDone} />}
    </li>
  );
}

/** /dashboard/forms: the forms and waivers each camper needs before the first day, answered and signed here. */
export default function MyFormsPage() {
  const email = useStudentEmail();
  const forms = useFamilyForms();
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState("");
  let body;
  if (email === null) body = <NotAStudent />;
  else if (forms.isPending) body = <RowsSkeleton label="Loading your forms" rows={2} />;
  else if (forms.isError)
    body = <ErrorState what="Your forms" error={forms.error} onRetry={() => void forms.refetch()} />;
  else if (forms.data.items.length === 0)
    body = (
      <EmptyState title="No forms to fill" to="/classes" linkLabel="Browse classes">
        When you book a class, the forms and waivers the academy needs before the first day show here.
      </EmptyState>
    );
  else {
    const missing = forms.data.items.filter((i) => i.status !== "complete").length;
    body = (
      <>
        <p className="text-lg text-slate-900 dark:text-white" data-testid="forms-summary">
          {missing === 0
            ? "Everything is done: nothing more is needed before the first day."
            : `${missing} ${missing === 1 ? "form is" : "forms are"} still needed before the first day.`}
        </p>
        <p role="status" className="text-emerald-800 empty:hidden dark:text-emerald-300">
          {done}
        </p>
        <ul className="flex flex-col gap-4" aria-label="Forms">
          {forms.data.items.map((item) => (
            <FormRow
              key={keyOf(item)}
              item={item}
              open={open === keyOf(item)}
              onOpen={() => {
                setDone("");
                setOpen(keyOf(item));
              }}
              onDone={(message) => {
                setOpen(null);
                setDone(message);
              }}
            />
          ))}
        </ul>
        <WithdrawConsent />
      </>
    );
  }
  return (
    <PageFrame
      title="My Forms"
      intro="Waivers, releases and the details the academy needs for each camper before the first day."
    >
      {body}
    </PageFrame>
  );
}
