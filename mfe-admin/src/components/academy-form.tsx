import { useId, useState, type FormEvent, type ReactNode } from "react";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import {
  academyFormValues,
  academyInput,
  ADDRESS_LINES,
  inOrder,
  placeAcademyErrors,
  SOCIAL_SITES,
  type AcademyField,
  type AcademyFormValues,
  type AcademyProblems,
} from "../lib/academy";
import { useAcademySettings, useSaveAcademy } from "../lib/academy-api";
import type { Academy, SocialSite } from "../lib/academy-types";
import { AcademyLogo } from "./academy-logo";
import { buttonStyles } from "./buttons";
import { fieldId, focusFirstProblem, FormAlert, HINT, TextArea, TextInput } from "./front-desk/fields";
import { ErrorState, TableSkeleton } from "./states";

const SAVED = "Saved: every page, e-mail, calendar and statement says these within a minute.";

/** The sites' names as their owners write them. */
const SITE_LABEL: Record<SocialSite, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  x: "X",
  pinterest: "Pinterest",
};

/** Admin Home: the academy's own facts (decision 051), which every page, e-mail and statement says. */
export function AcademyForm() {
  const academy = useAcademySettings();
  if (academy.isPending) return <TableSkeleton label="Loading the academy's details" rows={3} />;
  if (academy.isError) {
    return <ErrorState what="The academy's details" error={academy.error} onRetry={() => void academy.refetch()} />;
  }
  return <AcademyFields current={academy.data} />;
}

/** A titled group of fields; `min-w-0` lets it narrow with the page (a fieldset will not by default). */
function Group({
  legend,
  hint,
  hintId,
  children,
}: {
  legend: string;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">{legend}</legend>
      {hint && (
        <p id={hintId} className={HINT}>
          {hint}
        </p>
      )}
      {children}
    </fieldset>
  );
}

function AcademyFields({ current }: { current: Academy }) {
  const id = useId();
  const prefix = `${id}-academy`;
  const save = useSaveAcademy();
  const [values, setValues] = useState<AcademyFormValues>(() => academyFormValues(current));
  const [problems, setProblems] = useState<AcademyProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A logo on its way up: saving waits for it.
  const [uploading, setUploading] = useState(false);

  /** Any change: what was said about the last save no longer describes the form. */
  const change = (next: (v: AcademyFormValues) => AcademyFormValues) => {
    setValues(next);
    setSaved(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || uploading) return;
    const checked = academyInput(values);
    setProblems(checked.problems);
    setFailure(null);
    setSaved(false);
    if (!checked.body) return focusFirstProblem(prefix, inOrder(checked.problems));
    // The form as sent: the API names address lines by their place among the lines sent.
    const sent = values;
    save.mutate(checked.body, {
      onSuccess: (academy) => {
        setValues(academyFormValues(academy));
        setSaved(true);
      },
      onError: (error) => {
        const { shown, unplaced } = placeAcademyErrors(fieldErrors(error), sent);
        setProblems(shown);
        focusFirstProblem(prefix, inOrder(shown));
        // What no field shows (a lost connection, a refused session), in the API's words.
        const placedAll = Object.keys(shown).length > 0 && unplaced.length === 0 && apiErrorStatus(error) === 400;
        setFailure(placedAll ? null : [errorMessage(error), ...unplaced].join(" "));
      },
    });
  };

  // Suggestions off: the inputs hold the academy's facts, and the browser would offer the admin's own.
  type TextKey = Exclude<AcademyField, `addressLines.${number}` | `socialLinks.${SocialSite}` | "logoUrl">;
  const text = (key: TextKey, label: string, hint: string, type: "text" | "email" | "tel" = "text") => (
    <TextInput
      id={fieldId(prefix, key)}
      label={label}
      hint={hint}
      value={values[key]}
      problem={problems[key]}
      type={type}
      autoComplete="off"
      aria-required={key === "replyToEmail" ? undefined : true}
      onChange={(e) => {
        const value = e.target.value;
        change((v) => ({ ...v, [key]: value }));
      }}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Academy details" className="flex min-w-0 flex-col gap-6">
      <Group legend="Names">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", "Academy name", "On every page, e-mail and calendar")}
          {text("senderName", "Sender name", "The name e-mails come from")}
          {text("legalName", "Legal name", "On receipts and year-end statements")}
          {text("taxId", "Tax id (EIN)", "Shown on year-end statements")}
        </div>
      </Group>
      <Group legend="Address" hint="One to three lines, as on an envelope." hintId={`${prefix}-address-hint`}>
        <div className="grid gap-4">
          {Array.from({ length: ADDRESS_LINES }, (_, i) => {
            const key = `addressLines.${i}` as const;
            return (
              <TextInput
                key={key}
                id={fieldId(prefix, key)}
                label={i === 0 ? "Address line 1" : `Address line ${i + 1} (optional)`}
                value={values.addressLines[i] ?? ""}
                problem={problems[key]}
                autoComplete="off"
                aria-required={i === 0 ? true : undefined}
                onChange={(e) => {
                  const value = e.target.value;
                  change((v) => ({ ...v, addressLines: v.addressLines.map((line, j) => (j === i ? value : line)) }));
                }}
              />
            );
          })}
        </div>
      </Group>
      <Group legend="Contacts">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("phone", "Phone", "Digits, spaces, ( ) . / - and a leading +.", "tel")}
          {text("email", "Contact e-mail", "In every e-mail; families write to it.", "email")}
          {text(
            "replyToEmail",
            "Reply-to e-mail (optional)",
            "Answers to the academy's e-mails go here; empty: the contact e-mail",
            "email",
          )}
          {text("replyTime", "Reply time", "How soon messages are answered, as “within one working day”.")}
        </div>
      </Group>
      <Group legend="Camp">
        {text("seasonText", "Season", "When camp runs, as “June to August”.")}
        <TextArea
          id={fieldId(prefix, "dayText")}
          label="A camp day"
          hint="What a day looks like, in a few sentences; line breaks are kept."
          rows={4}
          value={values.dayText}
          problem={problems.dayText}
          aria-required
          onChange={(e) => {
            const value = e.target.value;
            change((v) => ({ ...v, dayText: value }));
          }}
        />
      </Group>
      <Group
        legend="Social links"
        hint="Optional: each a whole address starting with https://. Empty: no link to that site."
        hintId={`${prefix}-links-hint`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_SITES.map((site) => {
            const key = `socialLinks.${site}` as const;
            return (
              <TextInput
                key={key}
                id={fieldId(prefix, key)}
                label={SITE_LABEL[site]}
                type="url"
                inputMode="url"
                autoComplete="off"
                value={values.socialLinks[site]}
                problem={problems[key]}
                onChange={(e) => {
                  const value = e.target.value;
                  change((v) => ({ ...v, socialLinks: { ...v.socialLinks, [site]: value } }));
                }}
              />
            );
          })}
        </div>
      </Group>
      <Group legend="Logo">
        <AcademyLogo
          id={fieldId(prefix, "logoUrl")}
          value={values.logoUrl}
          problem={problems.logoUrl}
          onBusy={setUploading}
          onChange={(logoUrl, problem) => {
            change((v) => ({ ...v, logoUrl }));
            setProblems((p) => ({ ...p, logoUrl: problem }));
          }}
        />
      </Group>
      {failure && <FormAlert>The details were not saved: {failure}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending || uploading}>
          {save.isPending ? "Saving…" : "Save details"}
        </button>
        {/* Always present, so a screen reader hears the message when it appears. */}
        <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
          {saved ? SAVED : ""}
        </p>
      </div>
    </form>
  );
}
