import { useEffect, useRef, useState, type FormEvent } from "react";
import { asApiError, errorMessage } from "shared-auth";
import { RowsSkeleton } from "../../components/states";
import { actionButton } from "../../components/styles";
import { secondaryButton } from "../campers/form-ui";
import { ConsentStep } from "./consent-step";
import { FieldInput, type Value } from "./field-input";
import { useAnswerForm, useFamilyForm, type FamilyForm, type FormField } from "./forms-api";
import { fieldErrors } from "shared-auth/field-errors";

const isEmpty = (v: Value) =>
  v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/** The same rules the API checks first, so the family hears of a missing answer before sending. */
function problemsOf(fields: FormField[], values: Record<string, Value>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === "signature") {
      const signed = value as { name?: string; agreed?: boolean } | undefined;
      if ((signed?.name ?? "").trim().length < 2) problems[field.key] = "Type your full name to sign.";
      else if (!signed?.agreed) problems[field.key] = "Tick the box to agree and sign.";
    } else if (field.kind === "file") {
      if (field.required && !(value as { file_id?: string } | undefined)?.file_id)
        problems[field.key] = "Upload a photo or a PDF.";
    } else if (field.required && isEmpty(value)) problems[field.key] = "This is required.";
  }
  return problems;
}

/** Leaves out what was left empty: the API reads a missing answer as not given. */
const given = (values: Record<string, Value>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmpty(v)));

/**
 * One form for one camper (or the family): the text, the questions with the family's last answers,
 * and, for a waiver, the e-sign consent first and the signature block last. The server's refusals
 * land under their questions; the first problem takes the focus.
 */
/** The last answer to start from, when it answered this version; a signature is always typed anew. */
function startingValues(data: FamilyForm): Record<string, Value> {
  if (!data.answer || data.answer.version !== data.latest.version) return {};
  const start = { ...(data.answer.values as Record<string, Value>) };
  for (const f of data.latest.fields) if (f.kind === "signature") delete start[f.key];
  return start;
}

interface PanelProps {
  formId: string;
  camperId: string | null;
  who: string;
  onDone: (message: string) => void;
}

export function AnswerPanel(props: PanelProps) {
  const form = useFamilyForm(props.formId, props.camperId);
  if (form.isPending) return <RowsSkeleton label="Loading the form" rows={2} />;
  if (form.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        {errorMessage(form.error)}
      </p>
    );
  if (form.data.consent_needed) return <ConsentStep />;
  const { answer, latest } = form.data;
  if (answer?.signature && answer.version === latest.version) {
    return (
      <p className="text-slate-700 dark:text-slate-300">
        {`Signed by ${answer.signature.signer_name}. A signed form cannot be changed; ask the academy if something is wrong.`}
      </p>
    );
  }
  // A new version read again starts a new form, from its own answers.
  return <AnswerForm key={latest.version} {...props} data={form.data} onStale={() => void form.refetch()} />;
}

function AnswerForm({
  formId,
  camperId,
  who,
  onDone,
  data,
  onStale,
}: PanelProps & { data: FamilyForm; onStale: () => void }) {
  const answer = useAnswerForm();
  const [values, setValues] = useState<Record<string, Value>>(() => startingValues(data));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const prefix = `form-${formId}-${camperId ?? "family"}`;
  const { latest } = data;

  useEffect(() => {
    const first = Object.keys(problems)[0];
    if (!first) return;
    const target = root.current?.querySelector<HTMLElement>(
      `#${CSS.escape(`${prefix}-${first}`)}, #${CSS.escape(`${prefix}-${first}-name`)}, #${CSS.escape(`${prefix}-${first}-0`)}`,
    );
    target?.focus();
  }, [problems, prefix]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found = problemsOf(latest.fields, values);
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      await answer.mutateAsync({ formId, camperId, version: latest.version, values: given(values) });
      onDone(latest.waiver ? `${latest.title} is signed for ${who}.` : `${latest.title} is saved for ${who}.`);
    } catch (error) {
      const fields = fieldErrors(error);
      const placed = Object.fromEntries(
        Object.entries(fields ?? {}).flatMap(([path, message]) =>
          path.startsWith("values.") ? [[path.slice("values.".length), message]] : [],
        ),
      );
      setProblems(placed);
      if (!Object.keys(placed).length) setProblem(errorMessage(error));
      // A form changed since it was read: the new version is read again.
      if (asApiError(error)?.response?.status === 409) onStale();
    }
  };

  return (
    <form
      ref={root}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-5"
      aria-label={`${latest.title} for ${who}`}
    >
      {latest.intro && (
        <div
          className="max-h-72 overflow-y-auto whitespace-pre-line rounded-xl bg-slate-50 p-4 text-slate-800 dark:bg-slate-950 dark:text-slate-200"
          tabIndex={0}
          aria-label="The form's text"
        >
          {latest.intro}
        </div>
      )}
      {latest.fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          id={`${prefix}-${field.key}`}
          value={values[field.key]}
          error={problems[field.key]}
          onChange={(value) => setValues((now) => ({ ...now, [field.key]: value }))}
          subject={{ formId, camperId }}
        />
      ))}
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden dark:text-red-400">
        {problem}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className={`${actionButton} aria-disabled:cursor-wait aria-disabled:opacity-60`}
          aria-disabled={answer.isPending || undefined}
        >
          {answer.isPending ? "Sending…" : latest.waiver ? "Sign" : "Save answers"}
        </button>
        <button type="button" className={secondaryButton} onClick={() => onDone("")}>
          Cancel
        </button>
      </div>
    </form>
  );
}
