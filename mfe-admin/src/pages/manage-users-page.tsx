import { AdminRoot } from "../components/admin-root";
import { PageHeading } from "../components/states";
import { UsersTable } from "../components/users-table";
import "../styles.css";

/** Spec: /dashboard/manageusers: Make Admin, Make Instructor and Delete. */
export default function ManageUsersPage() {
  return (
    <AdminRoot>
      <PageHeading title="Manage Users" />
      <UsersTable withRoles />
    </AdminRoot>
  );
}
