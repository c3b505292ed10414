import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function SinglePaymentPage() {
  return <PagePlaceholder title="Payment">Card payment opens with the student release.</PagePlaceholder>;
}
