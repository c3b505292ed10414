import { useState } from "react";
import { errorMessage, useAcademy, UserAvatar } from "shared-auth";
import { useChangeRole, useDeleteUser, useUserPage, type AdminUser, type UserRole } from "../lib/admin-api";
import { confirmDelete, confirmRoleChange, notifyDeleted, notifySuccess, PROMOTED, showFailure } from "../lib/alerts";
import { useListParams } from "../lib/list-params";
import { buttonStyles } from "./buttons";
import { EndSessionsButton } from "./end-sessions-button";
import { FamilyDialog } from "./family-dialog";
import { Cell, Email, ListToolbar, PagedTable, rowStyles } from "./list-controls";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Why a button is disabled, said next to it (and read with it). */
function Reason({ id, children }: { id: string; children: string }) {
  return (
    <span id={id} className="basis-full text-xs text-slate-500 dark:text-slate-400">
      {children}
    </span>
  );
}

/**
 * The users table of /dashboard/manageusers (with Make Admin and Make Instructor, and Make Student
 * to undo them) and of /dashboard/allusers (Delete only). The API refuses the same things; the
 * buttons say so first. Photos show only when the API serves them (initials otherwise): a photo
 * link a user typed would tell its host whenever an admin opens the list.
 */
export function UsersTable({ withRoles }: { withRoles: boolean }) {
  const [params, update] = useListParams();
  const list = useUserPage(params);
  const me = useAcademy((s) => s.user?.email.toLowerCase());
  const promote = useChangeRole();
  const remove = useDeleteUser();
  // Whose family is open (Manage Users): campers, their details and seats, in a dialog.
  const [family, setFamily] = useState<AdminUser | null>(null);

  const changeRole = async (user: AdminUser, role: UserRole) => {
    // A role acts at once (an admin's rights, an instructor's pages): asked first, like a delete.
    if (!(await confirmRoleChange(user.name, role))) return;
    promote.mutate(
      { id: user._id, role },
      {
        onSuccess: () => void notifySuccess(PROMOTED[role](user.name)),
        onError: (error) => void showFailure(`${user.name}'s role was not changed`, errorMessage(error)),
      },
    );
  };

  const del = async (user: AdminUser) => {
    if (!(await confirmDelete())) return;
    remove.mutate(user._id, {
      onSuccess: () => void notifyDeleted(`The account of ${user.name}`),
      onError: (error) => void showFailure(`${user.name} was not deleted`, errorMessage(error)),
    });
  };

  const busyWith = (id: string) =>
    (promote.isPending && promote.variables?.id === id && promote.variables.role) ||
    (remove.isPending && remove.variables === id && "delete") ||
    null;

  return (
    <>
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search by name or e-mail"
        searchHint="Also finds a family by a camper's name."
        filterLabel="Role"
        filters={[
          { value: "student", label: "Students" },
          { value: "instructor", label: "Instructors" },
          { value: "admin", label: "Admins" },
        ]}
        sorts={[
          { value: "", label: "Name" },
          { value: "email", label: "E-mail" },
          { value: "role", label: "Role" },
          { value: "joined", label: "Joined" },
        ]}
      />
      <PagedTable
        list={list}
        params={params}
        update={update}
        label="Users"
        columns={["Photo", "Name", "E-mail", "Role", "Joined", "Actions"]}
        empty={{
          title: "No users here",
          filtered: "Nobody matches this search or filter.",
          none: "Nobody has signed up yet.",
        }}
      >
        {(items) =>
          items.map((user) => {
            const busy = busyWith(user._id);
            const self = user.email.toLowerCase() === me;
            const reasonId = `why-${user._id}`;
            const promoted = user.role !== "student";
            // Roles are given from student (spec: afterwards the other button is disabled); Make
            // Student takes one back, and then both are there again.
            const roleReasonId = self ? reasonId : promoted ? `role-${user._id}` : undefined;
            return (
              <tr key={user._id} aria-busy={busy !== null} className={rowStyles}>
                <Cell kind="media">
                  <UserAvatar name={user.name} photo={user.photo} className="h-10 w-10 text-sm" ownImagesOnly />
                </Cell>
                <Cell kind="title">
                  {user.name}
                  {self && <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">(you)</span>}
                </Cell>
                <Cell kind="sub">
                  <Email address={user.email} />
                </Cell>
                <Cell kind="field" label="Role" className="capitalize">
                  {user.role}
                </Cell>
                <Cell kind="field" label="Joined">
                  {dateFormat.format(new Date(user.createdAt))}
                </Cell>
                <Cell kind="actions">
                  <div
                    className="flex flex-wrap gap-2 @4xl:max-w-80"
                    role="group"
                    aria-label={`Actions for ${user.name}`}
                  >
                    {withRoles && (
                      <>
                        <button
                          type="button"
                          className={buttonStyles.plain}
                          // The visible word first (WCAG 2.5.3), then whose family it opens.
                          aria-label={`Family: ${user.name}`}
                          aria-haspopup="dialog"
                          onClick={() => setFamily(user)}
                        >
                          Family
                        </button>
                        <button
                          type="button"
                          className={buttonStyles.primary}
                          disabled={self || promoted || busy !== null}
                          aria-describedby={roleReasonId}
                          onClick={() => void changeRole(user, "admin")}
                        >
                          {busy === "admin" ? "Saving…" : "Make Admin"}
                        </button>
                        <button
                          type="button"
                          className={buttonStyles.plain}
                          disabled={self || promoted || busy !== null}
                          aria-describedby={roleReasonId}
                          onClick={() => void changeRole(user, "instructor")}
                        >
                          {busy === "instructor" ? "Saving…" : "Make Instructor"}
                        </button>
                        {promoted && !self && (
                          <button
                            type="button"
                            className={buttonStyles.plain}
                            disabled={busy !== null}
                            onClick={() => void changeRole(user, "student")}
                          >
                            {busy === "student" ? "Saving…" : "Make Student"}
                          </button>
                        )}
                        {!self && <EndSessionsButton user={user} disabled={busy !== null} />}
                      </>
                    )}
                    <button
                      type="button"
                      className={buttonStyles.danger}
                      disabled={self || busy !== null}
                      aria-describedby={self ? reasonId : undefined}
                      aria-label={`Delete ${user.name}`}
                      onClick={() => void del(user)}
                    >
                      {busy === "delete" ? "Deleting…" : "Delete"}
                    </button>
                    {withRoles && promoted && !self && (
                      <Reason id={`role-${user._id}`}>
                        {user.role === "admin" ? "Already an admin." : "Already an instructor."}
                      </Reason>
                    )}
                    {self && (
                      <Reason id={reasonId}>
                        {withRoles
                          ? "You cannot change your own role or delete yourself."
                          : "You cannot delete yourself."}
                      </Reason>
                    )}
                  </div>
                </Cell>
              </tr>
            );
          })
        }
      </PagedTable>
      {family && <FamilyDialog user={family} onClose={() => setFamily(null)} />}
    </>
  );
}
