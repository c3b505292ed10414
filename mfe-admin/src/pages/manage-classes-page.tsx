import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function ManageClassesPage() {
  return (
    <PagePlaceholder title="Manage Classes">
      Approving and denying classes opens with the admin release.
    </PagePlaceholder>
  );
}
