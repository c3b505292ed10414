import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function ClassesPage() {
  return <PagePlaceholder title="Our Classes">The class list opens with the public site release.</PagePlaceholder>;
}
