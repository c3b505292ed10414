import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function InstructorClassesPage() {
  return (
    <PagePlaceholder title="Instructor's Classes">
      Each instructor's classes open with the public site release.
    </PagePlaceholder>
  );
}
