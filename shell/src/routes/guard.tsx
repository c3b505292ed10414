import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAcademy } from "shared-auth";
import { decideAccess, type Access } from "./access";
import { ProgressBar } from "../layout/progress-bar";
import { ForbiddenPage } from "../pages/forbidden-page";

/** Shows the page only to who may see it; the progress bar while that is being decided. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const status = useAcademy((s) => s.status);
  const role = useAcademy((s) => s.role);
  const location = useLocation();
  const decision = decideAccess(access, { status, role });
  if (decision === "wait") return <ProgressBar label="Checking your access" />;
  if (decision === "login") return <Navigate to="/login" replace state={{ from: location }} />;
  if (decision === "forbidden" && (access === "admin" || access === "instructor"))
    return <ForbiddenPage access={access} />;
  return children;
}
