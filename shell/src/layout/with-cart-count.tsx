import { lazy, Suspense, type ReactNode } from "react";

const CartCount = lazy(() => import("./cart-count"));

/**
 * Renders `children` with the student's cart count: 0 while the count's code loads, as while the
 * cart itself is being asked for.
 */
export function WithCartCount({ children }: { children: (count: number) => ReactNode }) {
  return (
    <Suspense fallback={children(0)}>
      <CartCount>{children}</CartCount>
    </Suspense>
  );
}
