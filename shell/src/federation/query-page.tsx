import type { ComponentType } from "react";
import { QueryProvider } from "shared-auth/queries";

/** A remote page under the page's QueryClient (loaded beside the page's own code, not before it). */
export function withQueries(Page: ComponentType): ComponentType {
  return function PageWithQueries() {
    return (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  };
}
