import { useParams, useSearchParams } from "react-router-dom";
import { EmptyState } from "../components/states";
import { PageFrame } from "../components/page-frame";
import { promoCodeOf } from "../features/cart/pay-paths";
import { CheckoutView } from "../features/checkout/checkout-view";
import "../styles.css";

const CART_ITEM_ID = /^[0-9a-f-]{36}$/i;

/**
 * /dashboard/singlepayment?item=<cartItemId> (or /dashboard/singlepayment/<cartItemId>): card
 * payment for one class of the cart, at its own price; `&code=` the promo code applied on the cart:
 * the server applies it to this class, or the page says why it cannot.
 */
export default function SinglePaymentPage() {
  const [query] = useSearchParams();
  const { cartItemId } = useParams();
  const item = cartItemId ?? query.get("item") ?? "";
  if (!CART_ITEM_ID.test(item)) {
    return (
      <PageFrame title="Pay for one class">
        <EmptyState title="No class chosen" to="/dashboard/mydashboard" linkLabel="Back to my cart">
          Choose the class to pay for with its Pay button in your cart.
        </EmptyState>
      </PageFrame>
    );
  }
  return <CheckoutView singleCartItemId={item} promoCode={promoCodeOf(query)} />;
}
