import { PagePlaceholder } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import "../styles.css";

export default function AllUsersPage() {
  return (
    <AdminRoot>
      <PagePlaceholder title="All Users">The users list opens with the admin release.</PagePlaceholder>
    </AdminRoot>
  );
}
