import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail, type CartItem } from "shared-auth";

/**
 * Removes one item from the student's cart (DELETE /carts/:id). The shared cart query is updated
 * at once, so the navbar's and the sidebar's badges follow, then refetched from the server.
 */
export function useRemoveCartItem() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (cartItemId: string) => {
      const { data } = await api.delete<{ deletedCount: number }>(`/carts/${encodeURIComponent(cartItemId)}`);
      return { cartItemId, deletedCount: data.deletedCount };
    },
    onSuccess: ({ cartItemId }) => {
      if (!email) return;
      client.setQueryData<CartItem[]>(queryKeys.cart(email), (items) => items?.filter((i) => i._id !== cartItemId));
    },
    onSettled: () => {
      if (email) void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
    },
  });
}
