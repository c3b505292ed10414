/*
 * Kept out of the pricing feature's money.ts, which the cart page loads: the cart's script has a
 * byte budget, and only the aid form reads typed dollars.
 */
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as a family types them ("250", "250.5", "$1,250.50") to whole cents. Counted on the
 * digits, not by multiplying a float by 100, so "0.29" is 29 cents and never 28.999…; NaN when
 * it is not an amount (negative, three decimals, letters, empty). The front desk reads dollars
 * the same way (mfe-admin's dollarsToCents); an app cannot import another, hence this copy.
 */
export function dollarsToCents(text: string): number {
  const match = DOLLARS.exec(text.trim());
  if (!match) return NaN;
  const whole = Number(match[1]!.replace(/,/g, ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}
