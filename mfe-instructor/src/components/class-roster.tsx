import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { api, apiErrorStatus, formatSession, useAcademy } from "shared-auth";
import type { StaffClass } from "shared-auth/wire";
import { InstructorRoot } from "./instructor-root";
import { Roster } from "./roster";
import { EmptyState, ErrorState, ListSkeleton, PageTitle } from "./ui";

/**
 * One class's roster on a page of its own (/dashboard/myclasses?class=<id>): the same roster its
 * instructor opens under My Classes, for an admin coming from Manage Classes. The API decides who
 * may read it (the class's instructor and admins); each camper's read is logged there.
 */
const isNotFound = (error: unknown) => apiErrorStatus(error) === 404;

export function ClassRoster({ classId }: { classId: string }) {
  const role = useAcademy((s) => s.role);
  const found = useQuery({
    queryKey: ["classes", "one", classId, "staff"],
    queryFn: async () => (await api.get<StaffClass>(`/classes/${encodeURIComponent(classId)}`)).data,
    retry: (failures, error) => !isNotFound(error) && failures < 3,
  });
  const back =
    role === "admin"
      ? { to: "/dashboard/manageclasses", label: "Back to Manage Classes" }
      : { to: "/dashboard/myclasses", label: "Back to My Classes" };
  return (
    <InstructorRoot>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <p className="mb-4 text-sm">
          <Link to={back.to} className="font-semibold text-orange-800 underline dark:text-orange-300">
            {back.label}
          </Link>
        </p>
        {found.isPending ? (
          <ListSkeleton label="Loading the class" />
        ) : found.isError && isNotFound(found.error) ? (
          <>
            <PageTitle title="Roster" />
            <EmptyState title="No such class">It may have been deleted.</EmptyState>
          </>
        ) : found.isError ? (
          <ErrorState what="This class" error={found.error} onRetry={() => void found.refetch()} />
        ) : (
          <>
            <PageTitle title={`Roster: ${found.data.class_name}`}>
              {[found.data.instructor, formatSession(found.data)].filter(Boolean).join(" · ")}
            </PageTitle>
            <Roster
              classId={found.data._id}
              className={found.data.class_name}
              session={formatSession(found.data) ?? undefined}
            />
          </>
        )}
      </div>
    </InstructorRoot>
  );
}
