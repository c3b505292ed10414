import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CART_FRESH_MS,
  api,
  fetchCart,
  fetchEnrolled,
  queryKeys,
  useAccountEmail,
  useStudentEmail,
  withAddedItem,
  type AddToCartResponse,
  type CartItem,
} from "shared-auth";

// The cart's and enrolments' queries (shared-auth/queries): with the library, on the pages that use them.

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
