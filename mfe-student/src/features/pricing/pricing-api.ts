import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type CartQuote } from "shared-auth";

export type { CartQuote, CodeVerdict, LineDiscount } from "shared-auth";

/**
 * POST /carts/quote: the cart (or some of its items) priced by the server, with a code
 * when one is given. Nothing is held. Keyed by the cart's lines so a removed line prices again.
 */
export function useQuote(email: string | null, lineIds: string[], promoCode: string | null) {
  return useQuery({
    queryKey: ["cart-quote", email, lineIds.join(","), promoCode ?? ""],
    queryFn: async () =>
      (
        await api.post<CartQuote>("/carts/quote", {
          cartItemIds: lineIds,
          ...(promoCode && { promoCode }),
        })
      ).data,
    enabled: email !== null && lineIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export { cents } from "./money";
