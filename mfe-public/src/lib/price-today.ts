import { ACADEMY, serverNow, type ClassItem } from "shared-auth";
import { formatPrice } from "./format";

/**
 * What a seat of a class costs today, as the API says it (`price_today`, `price_today_until`:
 * worked out on the API's day by the rule the checkout prices with, decision 034), and what
 * follows. The page does not work the early-bird price out again from `early_price`: only the API
 * knows its own day exactly (its clock is not this device's, and tests move it).
 */
export interface PriceToday {
  /** Dollars a seat costs today. */
  now: number;
  /** Its last day (YYYY-MM-DD, academy calendar) when it is an early-bird price; else null. */
  until: string | null;
  /** Dollars from the day after `until`: the class's full price. */
  then: number;
}

export type PricedClass = Pick<ClassItem, "price" | "price_today" | "price_today_until">;

let dayFormat: Intl.DateTimeFormat | undefined;

/** The academy's day (YYYY-MM-DD) at an instant of the API's clock (by default, now). */
export function academyDay(ms: number = serverNow()): string {
  dayFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: ACADEMY.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return dayFormat.format(ms);
}

/**
 * Today's price of a class as the API answered it. A page kept open past the early-bird price's
 * last day (the list answered yesterday) shows the full price from then on, never yesterday's.
 */
export function priceToday(item: PricedClass, today: string = academyDay()): PriceToday {
  const until = item.price_today_until;
  if (until !== null && today > until) return { now: item.price, until: null, then: item.price };
  return { now: item.price_today, until, then: item.price };
}

/**
 * The academy's day, for a page that stays open: read again every 15 s while a price is on
 * screen, so that at Portland's midnight (on the API's clock) an early-bird price that ended
 * leaves the page within seconds. One timer for every price shown.
 */
let shownDay = "";
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

export function subscribeToAcademyDay(listener: () => void): () => void {
  listeners.add(listener);
  ticker ??= setInterval(() => {
    const day = academyDay();
    if (day === shownDay) return;
    shownDay = day;
    for (const notify of listeners) notify();
  }, 15_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/** Today as the prices on screen read it (a snapshot: the same string until the day changes). */
export function academyDaySnapshot(): string {
  if (!ticker || !shownDay) shownDay = academyDay();
  return shownDay;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "1 March", with the year when it is not this year's ("1 March 2028"): as the cart names the early-bird price. */
export function dayInWords(day: string, today: string = academyDay()): string {
  const [year, month, date] = day.split("-").map(Number);
  const words = `${date} ${MONTHS[(month ?? 1) - 1]}`;
  return day.slice(0, 4) === today.slice(0, 4) ? words : `${words} ${year}`;
}

/** The sentence: "$119 until 1 March, then $139", or "$139". */
export function priceTodayText(price: PriceToday, today: string = academyDay()): string {
  if (price.until === null) return formatPrice(price.now);
  return `${formatPrice(price.now)} until ${dayInWords(price.until, today)}, then ${formatPrice(price.then)}`;
}
