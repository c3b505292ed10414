import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function PaymentHistoryPage() {
  return (
    <PagePlaceholder title="Payment History">Your payment history opens with the student release.</PagePlaceholder>
  );
}
