import { useSyncExternalStore } from "react";
import { formatPrice } from "../lib/format";
import {
  academyDaySnapshot,
  dayInWords,
  priceToday,
  subscribeToAcademyDay,
  type PricedClass,
  type PriceToday,
} from "../lib/price-today";

/** Today's price of a class, and the academy's day it was read on (again when the day changes). */
export function usePriceToday(item: PricedClass): { price: PriceToday; today: string } {
  const today = useSyncExternalStore(subscribeToAcademyDay, academyDaySnapshot, academyDaySnapshot);
  return { price: priceToday(item, today), today };
}

/**
 * "$119 until 1 March, then $139": today's price first and strong, the rest of the sentence (the
 * full price with it) in plain weight, secondary, so a screen reader reads the sentence as it is
 * written (never "$139 $119"). Not dimmed: on a full class's red card that would fall under 4.5:1. A class without an early-bird price today: "$139". `large`: the class
 * page's figure, the sentence under it in the same paragraph.
 */
export function TodayPrice({ item, large = false }: { item: PricedClass; large?: boolean }) {
  const { price, today } = usePriceToday(item);
  const figure = (
    <span className={large ? "font-display text-3xl font-extrabold text-white" : "font-bold"}>
      {formatPrice(price.now)}
    </span>
  );
  if (price.until === null) return <span data-testid="price-today">{figure}</span>;
  return (
    <span data-testid="price-today" data-early-until={price.until}>
      {figure}
      <span className={large ? "block text-sm" : "font-normal"}>
        {" "}
        until {dayInWords(price.until, today)}, then {formatPrice(price.then)}
      </span>
    </span>
  );
}

/** The camper dialog's words: "$119 a seat until 1 March, then $139", or "$139 a seat". */
export function SeatPrice({ item }: { item: PricedClass }) {
  const { price, today } = usePriceToday(item);
  return (
    <span data-testid="price-today" data-early-until={price.until ?? undefined}>
      {formatPrice(price.now)} a seat
      {price.until !== null && ` until ${dayInWords(price.until, today)}, then ${formatPrice(price.then)}`}
    </span>
  );
}
