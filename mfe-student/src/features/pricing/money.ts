/** Cents as the site shows money: two decimals. */
export const cents = (value: number) => `$${(value / 100).toFixed(2)}`;
