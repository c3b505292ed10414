import { AdminRoot } from "../components/admin-root";
import { PageHeading } from "../components/states";
import { UsersTable } from "../components/users-table";
import "../styles.css";

/** Spec: /dashboard/allusers: the users table with Delete. */
export default function AllUsersPage() {
  return (
    <AdminRoot>
      <PageHeading title="All Users" />
      <UsersTable withRoles={false} />
    </AdminRoot>
  );
}
