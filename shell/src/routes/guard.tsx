import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAcademy } from "shared-auth";
import { decideAccess, type Access } from "./access";
import { ProgressBar } from "../layout/progress-bar";

// Seen only by a signed-in user who opened a page of another role: loaded then, not with every page.
const ForbiddenPage = lazy(() => import("../pages/forbidden-page").then((m) => ({ default: m.ForbiddenPage })));

/** Shows the page only to who may see it; the progress bar while that is being decided. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const status = useAcademy((s) => s.status);
  const role = useAcademy((s) => s.role);
  const location = useLocation();
  const decision = decideAccess(access, { status, role });
  if (decision === "wait") return <ProgressBar label="Checking your access" />;
  if (decision === "login") return <Navigate to="/login" replace state={{ from: location }} />;
  if (decision === "forbidden" && access !== "public" && access !== "signed-in")
    return (
      <Suspense fallback={<ProgressBar label="Checking your access" />}>
        <ForbiddenPage access={access} />
      </Suspense>
    );
  return children;
}
