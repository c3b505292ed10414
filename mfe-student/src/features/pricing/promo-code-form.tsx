import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { buttonSecondary } from "../../components/styles";
import { cents, type CodeVerdict } from "./pricing-api";

/**
 * The promo code field: says what the applied code does, or why it cannot apply (the server's
 * words). `onApply` with null removes the code.
 */
export default function PromoCodeForm({
  applied,
  verdict,
  busy,
  onApply,
  focusOnShow = false,
}: {
  applied: string | null;
  verdict: CodeVerdict | null | undefined;
  busy: boolean;
  onApply: (code: string | null) => void;
  /** Takes focus when it appears (opened by "Have a promo code?"). */
  focusOnShow?: boolean;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow]);
  const [typed, setTyped] = useState(applied ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(typed.trim() === "" ? null : typed.trim());
  };
  const message =
    verdict && verdict.code
      ? verdict.applied
        ? `${verdict.code}: ${verdict.summary}, ${cents(verdict.cents)} off this order.`
        : (verdict.reason ?? "This code cannot be used here.")
      : null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900 dark:text-white">
        Promo code
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={field}
          id={id}
          name="promoCode"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={message ? `${id}-verdict` : undefined}
          className="min-w-0 flex-1 basis-full rounded-xl sm:basis-auto border border-slate-300 bg-white px-3 py-2 uppercase text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        />
        <button type="submit" className={buttonSecondary} disabled={busy}>
          {busy ? "Checking…" : "Apply"}
        </button>
        {applied && (
          <button
            type="button"
            className={buttonSecondary}
            disabled={busy}
            onClick={() => {
              setTyped("");
              onApply(null);
            }}
          >
            Remove code
          </button>
        )}
      </div>
      <p
        id={`${id}-verdict`}
        role="status"
        data-testid="promo-verdict"
        className={`text-sm ${verdict?.applied ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
      >
        {message}
      </p>
    </form>
  );
}
