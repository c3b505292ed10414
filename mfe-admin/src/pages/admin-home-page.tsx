import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function AdminHomePage() {
  return <PagePlaceholder title="Admin Home">The admin dashboard opens with the admin release.</PagePlaceholder>;
}
