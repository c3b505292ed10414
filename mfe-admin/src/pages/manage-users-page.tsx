import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function ManageUsersPage() {
  return <PagePlaceholder title="Manage Users">Managing roles opens with the admin release.</PagePlaceholder>;
}
