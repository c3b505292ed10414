// `shared-auth/queries`: the page's QueryClient and the queries of the cart, enrolments and campers.
// Compiled into each app that imports it (not a federated singleton of its own): it loads
// @tanstack/react-query, which a page without data (the home page's first paint) does without. The
// client itself is the singleton's (`pageQueryClient`), so every app's copy hands out the same one.
export { createQueryClient, queryClient, QueryProvider } from "./client";
export { useAddToCart, useCart, useCartCount, useEnrolled } from "./cart-hooks";
export { useCamperEligibility, useCampers, useRemoveCamper, useSaveCamper } from "./camper-hooks";
export { useGuardians, useSaveGuardians } from "./guardian-hooks";
