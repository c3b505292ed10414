import { PagePlaceholder } from "shared-auth";
import { StudentRoot } from "../components/student-root";
import "../styles.css";

export default function EnrolledClassesPage() {
  return (
    <StudentRoot>
      <PagePlaceholder title="My Enrolled Classes">
        Your enrolled classes open with the student release.
      </PagePlaceholder>
    </StudentRoot>
  );
}
