import { api, readAccessToken } from "../api-client";
import { useAcademy, type AcademyState } from "../store";
import type { AddToCartResponse, CartItem, EnrolledClass } from "./types";

type SessionView = Pick<AcademyState, "status" | "role" | "user">;

/**
 * Whose cart and enrolments this page may ask for: the e-mail of a signed-in student with a stored
 * access token (spec section 4: these queries run only with a user e-mail and a token), else null.
 * Admins and instructors have no cart (spec section 6); asking would only earn a 403.
 */
export function studentEmail(session: SessionView, token: string | null = readAccessToken()): string | null {
  if (session.status !== "signed-in" || session.role !== "student") return null;
  const email = session.user?.email;
  return email && token ? email : null;
}

/** The signed-in student's e-mail, or null when there is no student session. */
export function useStudentEmail(): string | null {
  return useAcademy((s) => studentEmail(s));
}

/**
 * The e-mail of whoever is signed in with a stored token, whatever their role: a person's own
 * enrolments and payments stay theirs to see after a promotion to instructor or admin.
 */
export function accountEmail(session: SessionView, token: string | null = readAccessToken()): string | null {
  if (session.status !== "signed-in") return null;
  const email = session.user?.email;
  return email && token ? email : null;
}

export function useAccountEmail(): string | null {
  return useAcademy((s) => accountEmail(s));
}

export async function fetchCart(email: string): Promise<CartItem[]> {
  const { data } = await api.get<CartItem[]>("/carts", { params: { email } });
  return data;
}

export async function fetchEnrolled(email: string): Promise<EnrolledClass[]> {
  const { data } = await api.get<EnrolledClass[]>("/enrolled", { params: { email } });
  return data;
}

/**
 * How long a cart just read counts as current. The navbar's badge reads it as a student's page
 * opens; the page's own list mounts a moment later and, with the library's default (stale at
 * once), would ask again for the same answer. Every change made here (add, delete, pay) updates
 * or invalidates it at once; a change from another tab shows on the next focus or page after this.
 */
export const CART_FRESH_MS = 10_000;

/** The cart as it is once the server accepted a booking: what every badge shows at once. */
export function withAddedItem(items: CartItem[] | undefined, added: AddToCartResponse, email: string): CartItem[] {
  const list = items ?? [];
  // Two children in one class are two lines: a line is new unless its own id is already listed.
  if (list.some((i) => i._id === added.insertedId)) return list;
  // The class's own fields, the session's too, so an overlap with the next class booked is seen
  // before the cart refetches; `email` on a cart line is the student's, not the instructor's.
  const { _id: classItemId, email: _instructorEmail, ...classFields } = added.item;
  return [
    ...list,
    {
      ...classFields,
      _id: added.insertedId,
      classItemId,
      email,
      camperId: added.camperId,
      // POST /carts does not name the camper: the line reads "for you" until the cart refetches.
      camper_name: "",
    },
  ];
}
