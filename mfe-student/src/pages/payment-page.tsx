import { CheckoutView } from "../features/checkout/checkout-view";
import "../styles.css";

/** /dashboard/payment: card payment for the whole cart. */
export default function PaymentPage() {
  return <CheckoutView />;
}
