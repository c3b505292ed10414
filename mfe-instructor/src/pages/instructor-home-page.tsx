import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function InstructorHomePage() {
  return (
    <PagePlaceholder title="Instructor Home">
      The instructor dashboard opens with the instructor release.
    </PagePlaceholder>
  );
}
