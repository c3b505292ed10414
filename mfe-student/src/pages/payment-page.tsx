import { PagePlaceholder } from "shared-auth";
import { StudentRoot } from "../components/student-root";
import "../styles.css";

export default function PaymentPage() {
  return (
    <StudentRoot>
      <PagePlaceholder title="Payment">Card payment opens with the student release.</PagePlaceholder>
    </StudentRoot>
  );
}
