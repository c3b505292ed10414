import { PagePlaceholder } from "shared-auth";
import { InstructorRoot } from "../components/instructor-root";
import "../styles.css";

export default function MyClassesPage() {
  return (
    <InstructorRoot>
      <PagePlaceholder title="My Classes">
        Your classes, their status and admin feedback open with the instructor release.
      </PagePlaceholder>
    </InstructorRoot>
  );
}
