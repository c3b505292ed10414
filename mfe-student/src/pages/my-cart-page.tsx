import { Link } from "react-router-dom";
import { useCart, useStudentEmail } from "shared-auth";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { actionButton, card, dollars } from "../components/styles";
import { cartTotal } from "../features/cart/cart-total";
import { CartTable } from "../features/cart/cart-table";
import "../styles.css";

export default function MyCartPage() {
  const email = useStudentEmail();
  const cart = useCart();
  return (
    <PageFrame title="My Selected Classes">
      {email === null ? (
        <NotAStudent />
      ) : cart.isPending ? (
        <RowsSkeleton label="Loading your selected classes" />
      ) : cart.isError ? (
        <ErrorState what="Your selected classes" error={cart.error} onRetry={() => void cart.refetch()} />
      ) : cart.data.length === 0 ? (
        <EmptyState title="Your cart is empty" to="/classes" linkLabel="Browse classes">
          Pick a class you like and press Add To Booking: it will wait for you here.
        </EmptyState>
      ) : (
        <>
          <div className={`flex flex-wrap items-center justify-between gap-4 p-4 ${card}`}>
            <p className="text-lg font-semibold text-slate-900 dark:text-white">
              Total Class: <span className="tabular-nums">{cart.data.length}</span>
            </p>
            <p className="text-lg font-semibold text-slate-900 dark:text-white">
              Total Price: <span className="tabular-nums">{dollars(cartTotal(cart.data))}</span>
            </p>
            <Link to="/dashboard/payment" className={actionButton}>
              Pay Now
            </Link>
          </div>
          <CartTable items={cart.data} />
        </>
      )}
    </PageFrame>
  );
}
