import { PagePlaceholder } from "shared-auth";
import { InstructorRoot } from "../components/instructor-root";
import "../styles.css";

export default function InstructorHomePage() {
  return (
    <InstructorRoot>
      <PagePlaceholder title="Instructor Home">
        The instructor dashboard opens with the instructor release.
      </PagePlaceholder>
    </InstructorRoot>
  );
}
