import { PagePlaceholder } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import "../styles.css";

export default function ManageClassesPage() {
  return (
    <AdminRoot>
      <PagePlaceholder title="Manage Classes">
        Approving and denying classes opens with the admin release.
      </PagePlaceholder>
    </AdminRoot>
  );
}
