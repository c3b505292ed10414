import { useEffect, useState } from "react";
import { errorMessage } from "shared-auth";
import { useClassPage } from "../../lib/admin-api";
import { METHOD_LABELS, moneyText, referenceLabel } from "../../lib/front-desk";
import {
  classChoiceText,
  MAX_REFERENCE,
  moveDifference,
  moveLines,
  signedMoney,
  type MoveFormValues,
  type MoveProblems,
  type MoveQuote,
  type RefundMethod,
} from "../../lib/seat-move";
import { buttonStyles, inputStyles } from "../buttons";
import { describedBy, fieldId, HINT, LABEL, PROBLEM, TextInput } from "./fields";

/** The parts of "Move to another class": the class list, the figures, how the office gives money back. */

/** The most classes the list holds at once (the API's largest page); a search narrows it. */
export const CLASS_LIST_SIZE = 100;

/**
 * The approved classes to move to (GET /admin/classes, as the class picker of "Book classes"
 * reads them), by name, the seat's own left out. A search by class or instructor narrows a long
 * list; the class chosen stays in the list while another search hides it.
 */
export function ClassChoice({
  prefix,
  fromClassId,
  value,
  onChange,
  problem,
}: {
  prefix: string;
  fromClassId: string;
  value: string;
  onChange: (classId: string) => void;
  problem?: string | undefined;
}) {
  const selectId = fieldId(prefix, "toClassId");
  const searchId = `${prefix}-class-search`;
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [kept, setKept] = useState<{ id: string; text: string } | null>(null);
  // Searches once the admin pauses typing.
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => setSearch(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft, search]);
  const list = useClassPage({ page: 1, size: CLASS_LIST_SIZE, search, sort: "name", dir: "asc", filter: "approved" });
  const choices = (list.data?.items ?? [])
    .filter((c) => c._id !== fromClassId)
    .map((c) => ({ id: c._id, text: classChoiceText(c) }));
  if (value && kept?.id === value && !choices.some((c) => c.id === value)) choices.unshift(kept);

  const total = list.data?.total ?? 0;
  const found = list.isPending
    ? "Loading the classes…"
    : list.isError
      ? ""
      : total === 0
        ? search
          ? `No approved class matches “${search}”.`
          : "No approved class."
        : total > CLASS_LIST_SIZE
          ? `The first ${CLASS_LIST_SIZE} of ${total} approved classes show: find a class to narrow the list.`
          : `${total === 1 ? "1 approved class" : `${total} approved classes`}${search ? ` match “${search}”` : ""}.`;
  return (
    <div className="flex flex-col gap-3">
      <TextInput
        id={searchId}
        label="Find a class (name or instructor)"
        type="search"
        autoComplete="off"
        maxLength={120}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches; it never sends the form.
          if (e.key !== "Enter") return;
          e.preventDefault();
          setSearch(draft.trim());
        }}
        aria-controls={selectId}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={selectId} className={LABEL}>
          Class to move to
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(e) => {
            const choice = choices.find((c) => c.id === e.target.value);
            setKept(choice ?? null);
            onChange(e.target.value);
          }}
          aria-required
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(selectId, found, problem)}
          className={`${inputStyles} w-full min-w-0`}
        >
          <option value="">Choose a class</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.text}
            </option>
          ))}
        </select>
        <p id={`${selectId}-hint`} role="status" className={HINT}>
          {found}
        </p>
        {list.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
            The classes could not be loaded: {errorMessage(list.error)}
            <button type="button" className={buttonStyles.plain} onClick={() => void list.refetch()}>
              Retry
            </button>
          </p>
        )}
        {problem && (
          <p id={`${selectId}-problem`} className={PROBLEM}>
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

/** The API's figures as lines that add up: the new seat, what the old one carries over, the fee, the difference. */
export function MoveFiguresTable({ quote }: { quote: MoveQuote }) {
  const lines = moveLines(quote);
  const difference = moveDifference(quote);
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left font-semibold text-slate-900 dark:text-white">
        The figures for {quote.camperName}
      </caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Line
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${index}-${line.label}`} className="border-t border-slate-200 align-top dark:border-slate-700">
            <th scope="row" className="py-1.5 pr-3 font-normal break-words text-slate-900 dark:text-white">
              {line.label}
              {line.details.map((detail) => (
                <span key={detail} className="block text-slate-600 dark:text-slate-400">
                  {detail}
                </span>
              ))}
            </th>
            <td className="py-1.5 text-right whitespace-nowrap tabular-nums">{signedMoney(line.sign * line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-300 dark:border-slate-600">
          <th scope="row" className="py-2 pr-3 font-semibold text-slate-900 dark:text-white">
            {difference.label}
          </th>
          <td className="py-2 text-right text-base font-bold whitespace-nowrap tabular-nums text-slate-900 dark:text-white">
            {signedMoney(difference.cents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

const REFUND_METHODS: readonly RefundMethod[] = ["cash", "cheque", "bank_transfer"];

/** How the office hands a desk booking's difference back: cash, a cheque (its number), a bank transfer (its reference). */
export function RefundFields({
  prefix,
  values,
  onChange,
  problems,
  refundCents,
}: {
  prefix: string;
  values: MoveFormValues;
  onChange: (change: Partial<MoveFormValues>) => void;
  problems: MoveProblems;
  refundCents: number;
}) {
  const methodId = fieldId(prefix, "refundMethod");
  const hintId = `${methodId}-hint`;
  const problemId = problems.refundMethod ? `${methodId}-problem` : "";
  const reference = values.refundMethod ? referenceLabel(values.refundMethod) : null;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="min-w-0" aria-describedby={[hintId, problemId].filter(Boolean).join(" ")}>
        <legend className={`${LABEL} mb-1`}>How the office gives it back</legend>
        <p id={hintId} className={`${HINT} mb-2`}>
          The booking was made at the desk: the office hands the {moneyText(refundCents)} back itself.
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {REFUND_METHODS.map((method, index) => (
            <label
              key={method}
              className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-900 dark:text-white"
            >
              <input
                id={index === 0 ? methodId : undefined}
                type="radio"
                name={methodId}
                value={method}
                checked={values.refundMethod === method}
                onChange={() => onChange({ refundMethod: method })}
                aria-invalid={problems.refundMethod ? true : undefined}
                aria-describedby={problemId || undefined}
                className="h-4 w-4 accent-orange-700"
              />
              {METHOD_LABELS[method]}
            </label>
          ))}
        </div>
        {problems.refundMethod && (
          <p id={problemId} className={PROBLEM}>
            {problems.refundMethod}
          </p>
        )}
      </fieldset>
      {reference && (
        <TextInput
          id={fieldId(prefix, "refundReference")}
          label={reference}
          autoComplete="off"
          maxLength={MAX_REFERENCE}
          aria-required
          className="sm:max-w-xs"
          value={values.refundReference}
          onChange={(e) => onChange({ refundReference: e.target.value })}
          problem={problems.refundReference}
        />
      )}
    </div>
  );
}
