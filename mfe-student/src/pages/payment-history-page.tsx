import { PagePlaceholder } from "shared-auth";
import { StudentRoot } from "../components/student-root";
import "../styles.css";

export default function PaymentHistoryPage() {
  return (
    <StudentRoot>
      <PagePlaceholder title="Payment History">Your payment history opens with the student release.</PagePlaceholder>
    </StudentRoot>
  );
}
