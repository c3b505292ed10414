import { sessionsOverlap, type CartItem } from "shared-auth";

type Line = Pick<CartItem, "_id" | "camperId"> & Parameters<typeof sessionsOverlap>[0];

/**
 * The other cart line that meets at the same time as this one for the same camper (a child cannot
 * be in two places), or undefined. Two children in one class, or in two classes at one time, are
 * no clash: each seat is its camper's. The API names every line's camper.
 */
export function sameTimeAs<T extends Line>(item: T, items: readonly T[]): T | undefined {
  return items.find(
    (other) => other._id !== item._id && other.camperId === item.camperId && sessionsOverlap(item, other),
  );
}
