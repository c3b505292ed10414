const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** Prices are dollars on the wire (spec section 3): "$149", "$149.50", "$79.99". */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? wholeDollars.format(price) : dollars.format(price);
}

export function seatsLeft(item: { available_seats: number; enrolled_seats: number }): number {
  return Math.max(0, item.available_seats - item.enrolled_seats);
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
