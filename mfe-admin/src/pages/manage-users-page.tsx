import { PagePlaceholder } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import "../styles.css";

export default function ManageUsersPage() {
  return (
    <AdminRoot>
      <PagePlaceholder title="Manage Users">Managing roles opens with the admin release.</PagePlaceholder>
    </AdminRoot>
  );
}
