import { PagePlaceholder } from "shared-auth";
import { InstructorRoot } from "../components/instructor-root";
import "../styles.css";

export default function AddClassPage() {
  return (
    <InstructorRoot>
      <PagePlaceholder title="Add a Class">Adding classes opens with the instructor release.</PagePlaceholder>
    </InstructorRoot>
  );
}
