import { Link } from "react-router-dom";
import { buttonSecondary } from "../../components/styles";
import { cents, type LineDiscount } from "./pricing-api";

/** A line's full price struck through and each discount by name, above what is paid. */
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
 * On a row's own payment page: what paying it alone gives up (the server's cents, in plain words,
 * see paid-alone.ts) and the way to pay the whole cart together instead. Spans the payment page's
 * two columns.
 */
export function PaidAloneNotice({ sentence, wholeCart }: { sentence: string; wholeCart: string }) {
  return (
    <div
      data-testid="paid-alone"
      className="flex flex-col items-start gap-3 rounded-2xl lg:col-span-2 border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-amber-950 dark:text-amber-100">{sentence}</p>
      <Link to={wholeCart} className={`shrink-0 ${buttonSecondary}`}>
        Pay for the whole cart
      </Link>
    </div>
  );
}
