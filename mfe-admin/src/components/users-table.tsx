import { errorMessage, resolveImageUrl, useAcademy } from "shared-auth";
import { useChangeRole, useDeleteUser, useUserPage, type AdminUser } from "../lib/admin-api";
import { confirmDelete, notifyDeleted, notifySuccess, showFailure } from "../lib/alerts";
import { useListParams } from "../lib/list-params";
import { buttonStyles } from "./buttons";
import { ListToolbar, PagedTable, tdStyles } from "./list-controls";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Spec section 8's notices, word for word. */
const PROMOTED = {
  admin: (name: string) => `${name} is an Admin Now!`,
  instructor: (name: string) => `${name} is an Instructor Now!`,
};

/** Why a button is disabled, said next to it (and read with it). */
function Reason({ id, children }: { id: string; children: string }) {
  return (
    <span id={id} className="basis-full text-xs text-slate-500 dark:text-slate-400">
      {children}
    </span>
  );
}

/**
 * The users table of /dashboard/manageusers (with Make Admin and Make Instructor) and of
 * /dashboard/allusers (Delete only). The API refuses the same things; the buttons say so first.
 */
export function UsersTable({ withRoles }: { withRoles: boolean }) {
  const [params, update] = useListParams();
  const list = useUserPage(params);
  const me = useAcademy((s) => s.user?.email.toLowerCase());
  const promote = useChangeRole();
  const remove = useDeleteUser();

  const changeRole = (user: AdminUser, role: "admin" | "instructor") =>
    promote.mutate(
      { id: user._id, role },
      {
        onSuccess: () => void notifySuccess(PROMOTED[role](user.name)),
        onError: (error) => void showFailure(`${user.name}'s role was not changed`, errorMessage(error)),
      },
    );

  const del = async (user: AdminUser) => {
    if (!(await confirmDelete())) return;
    remove.mutate(user._id, {
      onSuccess: () => void notifyDeleted(),
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
        tableClassName="w-full min-w-[48rem] border-collapse"
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
            // Roles are given once, from student (spec: afterwards the other button is disabled).
            const roleReasonId = self ? reasonId : promoted ? `role-${user._id}` : undefined;
            return (
              <tr key={user._id} aria-busy={busy !== null}>
                <td className={tdStyles}>
                  {user.photo ? (
                    <img
                      src={resolveImageUrl(user.photo)}
                      alt=""
                      className="h-10 w-10 rounded-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-semibold dark:bg-slate-700"
                    >
                      {user.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                </td>
                <th scope="row" className={`${tdStyles} font-semibold`}>
                  {user.name}
                  {self && <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">(you)</span>}
                </th>
                <td className={tdStyles}>{user.email}</td>
                <td className={`${tdStyles} capitalize`}>{user.role}</td>
                <td className={tdStyles}>{dateFormat.format(new Date(user.createdAt))}</td>
                <td className={tdStyles}>
                  <div className="flex max-w-80 flex-wrap gap-2" role="group" aria-label={`Actions for ${user.name}`}>
                    {withRoles && (
                      <>
                        <button
                          type="button"
                          className={buttonStyles.primary}
                          disabled={self || promoted || busy !== null}
                          aria-describedby={roleReasonId}
                          onClick={() => changeRole(user, "admin")}
                        >
                          {busy === "admin" ? "Saving…" : "Make Admin"}
                        </button>
                        <button
                          type="button"
                          className={buttonStyles.plain}
                          disabled={self || promoted || busy !== null}
                          aria-describedby={roleReasonId}
                          onClick={() => changeRole(user, "instructor")}
                        >
                          {busy === "instructor" ? "Saving…" : "Make Instructor"}
                        </button>
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
                </td>
              </tr>
            );
          })
        }
      </PagedTable>
    </>
  );
}
