import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, readAccessToken } from "../api-client";
import { queryKeys } from "../query-keys";
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

/** The student's cart (GET /carts); idle for visitors, admins and instructors. */
export function useCart() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.cart(email ?? ""),
    queryFn: () => fetchCart(email!),
    enabled: email !== null,
    staleTime: CART_FRESH_MS,
  });
}

/** How many classes are in the student's cart: the navbar's and the sidebar's badge. */
export function useCartCount(): number {
  return useCart().data?.length ?? 0;
}

/** The classes the signed-in person is enrolled in (GET /enrolled); idle for visitors. */
export function useEnrolled() {
  const email = useAccountEmail();
  return useQuery({
    queryKey: queryKeys.enrolled(email ?? ""),
    queryFn: () => fetchEnrolled(email!),
    enabled: email !== null,
  });
}

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

/**
 * Books a class into the student's cart (POST /carts: the server takes only the class id and
 * fills in the rest). On success the shared cart query is updated at once, then refetched.
 */
export function useAddToCart() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    /** A class id books it for the account holder ("Myself"); with a camper id, for that camper. */
    mutationFn: async (booking: string | { classItemId: string; camperId?: string }) => {
      const body = typeof booking === "string" ? { classItemId: booking } : booking;
      const { data } = await api.post<AddToCartResponse>("/carts", body);
      return data;
    },
    onSuccess: (added) => {
      if (!email) return;
      client.setQueryData<CartItem[]>(queryKeys.cart(email), (items) => withAddedItem(items, added, email));
      void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
      void client.invalidateQueries({ queryKey: ["campers", email, "eligibility"] });
    },
    onError: () => {
      // Refused (already in the cart, enrolled, full): show the server's view of the class again.
      if (!email) return;
      void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
      void client.invalidateQueries({ queryKey: queryKeys.enrolled(email) });
      void client.invalidateQueries({ queryKey: queryKeys.classes() });
    },
  });
}
