import { useState, type FormEvent } from "react";
import { errorMessage, SPORTS } from "shared-auth";
import { bodyOf, KIND_LABELS, newField, usePublishForm, type DraftField, type FormDraft } from "../lib/forms";
import { buttonStyles, inputStyles } from "./buttons";
import { ClassPicker } from "./class-picker";
import { fieldErrors } from "shared-auth/field-errors";

const label = "block text-sm font-semibold text-slate-800 dark:text-slate-200";
const hint = "mt-1 text-xs text-slate-600 dark:text-slate-400";
const problemText = "mt-1 text-sm font-medium text-red-700 dark:text-red-400";

/** One question of the form being built: its wording, kind, and what its kind needs. */
function QuestionEditor({
  field,
  n,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  n: number;
  count: number;
  problems: Record<string, string>;
  onChange: (field: DraftField) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const id = `question-${n}`;
  const set = (change: Partial<DraftField>) => onChange({ ...field, ...change });
  const problem = (name: string) => problems[`fields.${n}.${name}`];
  const signature = field.kind === "signature";
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div>
          <label htmlFor={`${id}-label`} className={label}>{`Question ${n + 1}`}</label>
          <input
            id={`${id}-label`}
            className={`${inputStyles} mt-1 w-full`}
            value={field.label}
            maxLength={300}
            aria-invalid={problem("label") ? true : undefined}
            onChange={(e) => set({ label: e.target.value })}
          />
          {problem("label") && <p className={problemText}>{problem("label")}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className={label}>
            Answer
          </label>
          <select
            id={`${id}-kind`}
            className={`${inputStyles} mt-1 w-full`}
            value={field.kind}
            onChange={(e) =>
              set({
                kind: e.target.value as DraftField["kind"],
                required: e.target.value === "signature" || field.required,
              })
            }
          >
            {Object.entries(KIND_LABELS).map(([kind, text]) => (
              <option key={kind} value={kind}>
                {text}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-help`} className={label}>
          Help under the question (optional)
        </label>
        <input
          id={`${id}-help`}
          className={`${inputStyles} mt-1 w-full`}
          value={field.help}
          maxLength={1000}
          onChange={(e) => set({ help: e.target.value })}
        />
      </div>
      {(field.kind === "one-choice" || field.kind === "many-choices") && (
        <div>
          <label htmlFor={`${id}-choices`} className={label}>
            Choices, one a line
          </label>
          <textarea
            id={`${id}-choices`}
            rows={3}
            className={`${inputStyles} mt-1 w-full`}
            value={field.choices}
            aria-invalid={problem("choices") ? true : undefined}
            onChange={(e) => set({ choices: e.target.value })}
          />
          {problem("choices") && <p className={problemText}>{problem("choices")}</p>}
        </div>
      )}
      {field.kind === "number" && (
        <div className="flex flex-wrap gap-3">
          {(["min", "max"] as const).map((bound) => (
            <div key={bound}>
              <label htmlFor={`${id}-${bound}`} className={label}>
                {bound === "min" ? "Smallest (optional)" : "Largest (optional)"}
              </label>
              <input
                id={`${id}-${bound}`}
                inputMode="decimal"
                className={`${inputStyles} mt-1 w-32`}
                value={field[bound]}
                onChange={(e) => set({ [bound]: e.target.value })}
              />
            </div>
          ))}
          {problem("min") && <p className={problemText}>{problem("min")}</p>}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-800 dark:text-slate-200">
        {!signature && (
          <>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={field.required}
                onChange={(e) => set({ required: e.target.checked })}
              />
              Required
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={field.medical}
                onChange={(e) => set({ medical: e.target.checked })}
              />
              Medical (kept sealed)
            </label>
          </>
        )}
        {signature && <span className={hint}>Signed by typing a full name and ticking a consent box.</span>}
        {problem("medical") && <p className={problemText}>{problem("medical")}</p>}
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            className={buttonStyles.plain}
            disabled={n === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move question ${n + 1} up`}
          >
            Up
          </button>
          <button
            type="button"
            className={buttonStyles.plain}
            disabled={n === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move question ${n + 1} down`}
          >
            Down
          </button>
          <button
            type="button"
            className={buttonStyles.plain}
            disabled={count === 1}
            onClick={onRemove}
            aria-label={`Remove question ${n + 1}`}
          >
            Remove
          </button>
        </span>
      </div>
    </li>
  );
}

/**
 * Building a form, or changing one: its text, who fills it, which classes need it, by when, and
 * its questions. Publishing a changed text or question makes a new version (decision 045); the
 * API's refusals land under their fields.
 */
export function FormBuilder({
  initial,
  editingId,
  onDone,
}: {
  initial: FormDraft;
  editingId: string | null;
  onDone: (message: string) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const publish = usePublishForm();
  const set = (change: Partial<FormDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setField = (n: number, field: DraftField) => set({ fields: draft.fields.map((f, i) => (i === n ? field : f)) });
  const move = (n: number, by: number) => {
    const fields = [...draft.fields];
    const [moved] = fields.splice(n, 1);
    fields.splice(n + by, 0, moved!);
    set({ fields });
  };
  const hasSignature = draft.fields.some((f) => f.kind === "signature");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setProblems({});
    try {
      const { form, new_version } = await publish.mutateAsync({
        id: editingId,
        body: bodyOf(draft, editingId === null),
      });
      onDone(
        editingId === null
          ? `${form.latest.title} is published.`
          : new_version
            ? `${form.latest.title}: version ${form.latest.version} is published.`
            : `${form.latest.title} is saved; its text did not change, so it keeps version ${form.latest.version}.`,
      );
    } catch (error) {
      const fields = fieldErrors(error);
      setProblems(fields);
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      aria-label={editingId ? "Change the form" : "New form"}
    >
      <div>
        <label htmlFor="form-title" className={label}>
          Title
        </label>
        <input
          id="form-title"
          className={`${inputStyles} mt-1 w-full`}
          maxLength={120}
          value={draft.title}
          aria-invalid={problems.title ? true : undefined}
          onChange={(e) => set({ title: e.target.value })}
        />
        {problems.title && <p className={problemText}>{problems.title}</p>}
      </div>
      <div>
        <label htmlFor="form-intro" className={label}>
          Text families read (for a waiver: what they agree to)
        </label>
        <textarea
          id="form-intro"
          rows={6}
          className={`${inputStyles} mt-1 w-full`}
          value={draft.intro}
          onChange={(e) => set({ intro: e.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className={label}>Filled</legend>
          {(["camper", "family"] as const).map((audience) => (
            <label key={audience} className="mr-4 inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="form-audience"
                checked={draft.audience === audience}
                disabled={editingId !== null}
                onChange={() => set({ audience })}
              />
              {audience === "camper" ? "Once for each camper" : "Once per family"}
            </label>
          ))}
          {editingId !== null && <p className={hint}>Fixed once the form is published.</p>}
        </fieldset>
        <div>
          <label htmlFor="form-due" className={label}>
            Due, in days before the camper&apos;s first day
          </label>
          <input
            id="form-due"
            inputMode="numeric"
            className={`${inputStyles} mt-1 w-24`}
            value={draft.dueDaysBefore}
            aria-invalid={problems.due_days_before ? true : undefined}
            onChange={(e) => set({ dueDaysBefore: e.target.value })}
          />
          {problems.due_days_before && <p className={problemText}>{problems.due_days_before}</p>}
        </div>
      </div>
      <fieldset>
        <legend className={label}>Needed for</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={draft.all} onChange={(e) => set({ all: e.target.checked })} />
          Every class
        </label>
        {!draft.all && (
          <div className="mt-1 flex flex-wrap gap-x-4">
            {(Object.keys(SPORTS) as (keyof typeof SPORTS)[]).map((sport) => (
              <label key={sport} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.sports.includes(sport)}
                  onChange={(e) =>
                    set({
                      sports: e.target.checked ? [...draft.sports, sport] : draft.sports.filter((s) => s !== sport),
                    })
                  }
                />
                {SPORTS[sport]}
              </label>
            ))}
          </div>
        )}
        {problems.applies_to && <p className={problemText}>{problems.applies_to}</p>}
      </fieldset>
      {!draft.all && (
        <div className="flex flex-col gap-2">
          <p className={hint}>Or choose classes, besides every class of the sports ticked above.</p>
          <ClassPicker
            chosen={draft.classes}
            onChange={(next) => set({ classes: next })}
            problem={problems["applies_to.class_ids"]}
          />
        </div>
      )}
      <ol className="flex flex-col gap-3" aria-label="Questions">
        {draft.fields.map((field, n) => (
          <QuestionEditor
            key={field.key}
            field={field}
            n={n}
            count={draft.fields.length}
            problems={problems}
            onChange={(f) => setField(n, f)}
            onMove={(by) => move(n, by)}
            onRemove={() => set({ fields: draft.fields.filter((_, i) => i !== n) })}
          />
        ))}
      </ol>
      {problems.fields && <p className={problemText}>{problems.fields}</p>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonStyles.plain}
          onClick={() => set({ fields: [...draft.fields, newField()] })}
        >
          Add a question
        </button>
        {!hasSignature && (
          <button
            type="button"
            className={buttonStyles.plain}
            onClick={() => set({ fields: [...draft.fields, newField("signature")] })}
          >
            Add a signature block
          </button>
        )}
      </div>
      {editingId !== null && (
        <label className="inline-flex min-h-11 items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="mt-1"
            checked={draft.signAgain}
            onChange={(e) => set({ signAgain: e.target.checked })}
          />
          If the text or questions changed: families who answered an earlier version must answer (and sign) again
        </label>
      )}
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden dark:text-red-400">
        {problem}
      </p>
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={publish.isPending}>
          {publish.isPending ? "Publishing…" : "Publish"}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={() => onDone("")}>
          Cancel
        </button>
      </div>
    </form>
  );
}
