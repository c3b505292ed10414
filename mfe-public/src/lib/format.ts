import { countOf } from "shared-auth/plural";

// Made on first use: building a currency formatter loads locale data, tens of milliseconds of a
// phone's main thread that a page showing no price (the home page's first view) need not spend.
let dollars: Intl.NumberFormat | undefined;
let wholeDollars: Intl.NumberFormat | undefined;

/** Prices are dollars on the wire (spec section 3): "$149", "$149.50", "$79.99". */
export function formatPrice(price: number): string {
  if (Number.isInteger(price)) {
    wholeDollars ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
    return wholeDollars.format(price);
  }
  dollars ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return dollars.format(price);
}

export function seatsLeft(item: { available_seats: number; enrolled_seats: number }): number {
  return Math.max(0, item.available_seats - item.enrolled_seats);
}

/** "1 class", "3 classes": shared-auth's countOf (the language's plural rules). */
export const plural = countOf;
