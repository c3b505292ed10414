import { useId, useState, type FormEvent } from "react";
import { buttonSecondary } from "../../components/styles";
import { cents, type CodeVerdict, type LineDiscount } from "./pricing-api";

/** A line's full price struck through and each discount by name, above what is paid (issue 33). */
export function LinePrice({
  listPriceCents,
  priceCents,
  discounts,
}: {
  listPriceCents: number;
  priceCents: number;
  discounts: LineDiscount[];
}) {
  if (discounts.length === 0) return <span className="tabular-nums">{cents(priceCents)}</span>;
  return (
    <span className="inline-flex flex-col items-end gap-0.5 text-right" data-testid="line-price">
      <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        <span className="sr-only">Full price </span>
        <s>{cents(listPriceCents)}</s>
      </span>
      {discounts.map((d, i) => (
        <span key={i} className="text-sm text-emerald-800 dark:text-emerald-300" data-testid="line-discount">
          {d.name}: <span className="whitespace-nowrap tabular-nums">−{cents(d.cents)}</span>
        </span>
      ))}
      <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
        <span className="sr-only">You pay </span>
        {cents(priceCents)}
      </span>
    </span>
  );
}

/** The combination rule in the server's plain words. */
export function PricingRule({ rule }: { rule: string }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">{rule}</p>;
}

/**
 * The promo code field: says what the applied code does, or why it cannot apply (the server's
 * words). `onApply` with null removes the code.
 */
export function PromoCodeForm({
  applied,
  verdict,
  busy,
  onApply,
}: {
  applied: string | null;
  verdict: CodeVerdict | null | undefined;
  busy: boolean;
  onApply: (code: string | null) => void;
}) {
  const id = useId();
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
