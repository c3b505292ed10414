import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function EnrolledClassesPage() {
  return (
    <PagePlaceholder title="My Enrolled Classes">Your enrolled classes open with the student release.</PagePlaceholder>
  );
}
