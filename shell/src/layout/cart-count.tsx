import type { ReactNode } from "react";
import { QueryProvider, useCartCount } from "shared-auth/queries";

function Count({ children }: { children: (count: number) => ReactNode }) {
  return children(useCartCount());
}

/**
 * The signed-in student's cart count, for what shows it (the navbar's and the sidebar's badge),
 * under the page's QueryClient. Loaded only for a student (`WithCartCount`), with the queries'
 * library: a visitor's page does without both.
 */
export default function CartCount({ children }: { children: (count: number) => ReactNode }) {
  return (
    <QueryProvider>
      <Count>{children}</Count>
    </QueryProvider>
  );
}
