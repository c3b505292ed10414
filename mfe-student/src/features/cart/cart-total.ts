import type { CartItem } from "shared-auth";

/** The cart's total in dollars, rounded to 2 decimals (spec section 8), summed in cents. */
export function cartTotal(items: readonly Pick<CartItem, "price">[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100), 0);
  return cents / 100;
}
