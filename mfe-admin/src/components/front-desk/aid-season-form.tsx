import { useId, useState, type FormEvent } from "react";
import { apiErrorStatus, errorMessage } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import {
  placeFields,
  SEASON_FIELDS,
  SEASON_FORM_FIELD,
  seasonFormValues,
  seasonInput,
  type SeasonField,
  type SeasonFormValues,
} from "../../lib/aid";
import { useSaveAidSeason } from "../../lib/aid-api";
import type { AidSeason } from "../../lib/aid-types";
import { buttonStyles } from "../buttons";
import { fieldId, focusFirstProblem, FormAlert, HINT, LABEL, TextArea, TextInput } from "./fields";

/** Problems in the form's order, so the first one focused is the first one on screen. */
const inOrder = (problems: Partial<Record<SeasonField, string>>) =>
  Object.fromEntries(SEASON_FIELDS.filter((key) => problems[key]).map((key) => [key, problems[key]]));

/**
 * A season's financial aid (PUT /admin/aid/seasons/:season): its budget, the most one camper can
 * get, whether families can apply, and the academy's words above the families' form. With no
 * season, it sets one up (the year asked for, next year's by default). A budget below what is
 * already awarded is refused by the API (409), said as it words it.
 */
export function AidSeasonForm({
  season,
  defaultYear,
  onSaved,
  onCancel,
}: {
  /** The season to change; null to set one up. */
  season: AidSeason | null;
  defaultYear: number;
  onSaved: (season: number, created: boolean) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const prefix = `${id}-aid-season`;
  const save = useSaveAidSeason();
  const [values, setValues] = useState<SeasonFormValues>(() => seasonFormValues(season, defaultYear));
  const [problems, setProblems] = useState<Partial<Record<SeasonField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof SeasonFormValues>(key: K, value: SeasonFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = seasonInput(values);
    setProblems(checked.problems);
    setFailure(null);
    if (!checked.body) return focusFirstProblem(prefix, inOrder(checked.problems));
    save.mutate(
      { season: checked.season, body: checked.body },
      {
        onSuccess: (saved) => onSaved(saved.season, season === null),
        onError: (error) => {
          const { shown, unplaced } = placeFields(fieldErrors(error), SEASON_FORM_FIELD);
          setProblems(shown);
          focusFirstProblem(prefix, inOrder(shown));
          // A 409 (the budget below what is awarded) and what no field shows, in the API's words.
          const placedAll = Object.keys(shown).length > 0 && unplaced.length === 0 && apiErrorStatus(error) === 400;
          setFailure(placedAll ? null : [errorMessage(error), ...unplaced].join(" "));
        },
      },
    );
  };

  const text = (key: SeasonField, label: string, hint?: string) => (
    <TextInput
      id={fieldId(prefix, key)}
      label={label}
      hint={hint}
      value={values[key]}
      inputMode={key === "season" ? "numeric" : "decimal"}
      autoComplete="off"
      aria-required
      problem={problems[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const openId = fieldId(prefix, "open");

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      <h3 id={`${id}-title`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
        {season ? `Settings for ${season.season}` : "Set up financial aid"}
      </h3>
      {!season && (
        <p className={HINT}>Families see it on My Campers once it is set up; they can apply once you open it.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {!season && text("season", "Camp year")}
        {text("budget", "Budget ($)", "What the academy gives in all this season.")}
        {text("cap", "Most per camper ($)", "No award can be above it.")}
      </div>
      <TextArea
        id={fieldId(prefix, "intro")}
        label="Words for families (optional)"
        hint="Shown above their form, as plain text: who can apply, what to write, when you answer."
        rows={4}
        value={values.intro}
        problem={problems.intro}
        onChange={(e) => set("intro", e.target.value)}
      />
      <div className="flex items-start gap-3">
        <input
          id={openId}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          checked={values.open}
          onChange={(e) => set("open", e.target.checked)}
        />
        <label htmlFor={openId} className={LABEL}>
          Open: families can apply
        </label>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : season ? "Save" : "Set up the season"}
        </button>
        {onCancel && (
          <button type="button" className={buttonStyles.plain} onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
