import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function AllUsersPage() {
  return <PagePlaceholder title="All Users">The users list opens with the admin release.</PagePlaceholder>;
}
