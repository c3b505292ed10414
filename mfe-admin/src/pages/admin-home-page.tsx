import { PagePlaceholder } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import "../styles.css";

export default function AdminHomePage() {
  return (
    <AdminRoot>
      <PagePlaceholder title="Admin Home">The admin dashboard opens with the admin release.</PagePlaceholder>
    </AdminRoot>
  );
}
