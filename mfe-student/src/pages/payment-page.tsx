import { useSearchParams } from "react-router-dom";
import { promoCodeOf } from "../features/cart/pay-paths";
import { CheckoutView } from "../features/checkout/checkout-view";
import "../styles.css";

const CART_ITEM_ID = /^[0-9a-f-]{36}$/i;

/**
 * /dashboard/payment: card payment for the whole cart, or for some of its items
 * (`?items=<id>,<id>`: the seats a waitlist offer kept).
 */
export default function PaymentPage() {
  const [query] = useSearchParams();
  const items = query
    .get("items")
    ?.split(",")
    .filter((id) => CART_ITEM_ID.test(id));
  // The code applied on the cart page: the server applies it again, or says why not.
  const code = promoCodeOf(query);
  return <CheckoutView selection={items && items.length > 0 ? items : undefined} promoCode={code} />;
}
