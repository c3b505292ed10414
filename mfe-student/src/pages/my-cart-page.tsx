import { PagePlaceholder } from "shared-auth";
import { StudentRoot } from "../components/student-root";
import "../styles.css";

export default function MyCartPage() {
  return (
    <StudentRoot>
      <PagePlaceholder title="My Selected Classes">
        Your selected classes and checkout open with the student release.
      </PagePlaceholder>
    </StudentRoot>
  );
}
