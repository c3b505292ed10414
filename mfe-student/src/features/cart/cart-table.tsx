import { Link } from "react-router-dom";
import { errorMessage, formatSession, ImageOrInitials, type CartItem } from "shared-auth";
import { actionButton, card, dollars } from "../../components/styles";
import { seatFor } from "../campers/seat";
import { confirmDelete, showDeleted, showDeleteFailed } from "./alerts";
import { sameTimeAs } from "./same-time";
import { useRemoveCartItem } from "./use-remove-cart-item";
import type { CartQuote } from "../pricing/pricing-api";
import { LinePrice } from "../pricing/price-parts";
import { singlePaymentPath } from "./pay-paths";

/** The server's price of each line, by cart item id: its full price, discounts and what is paid. */
export type LinePrices = Map<string, CartQuote["items"][number]>;

function Price({ item, prices }: { item: CartItem; prices: LinePrices | undefined }) {
  const priced = prices?.get(item._id);
  // Until the quote answers: what a seat costs today (the early-bird price while it holds), as the API says.
  return priced ? <LinePrice {...priced} /> : <>{dollars(item.price_today)}</>;
}

/** A line as its buttons name it: the class, and whose seat ("Intro to Martial Arts for Mia Rivera"). */
const lineName = (item: CartItem) => `${item.class_name} ${seatFor(item.camper_name)}`;

/**
 * The class's name (to its page), whose seat it is, when it runs, and a note when it
 * meets at the same time as another class of the same camper in the cart (a child
 * cannot be in two places).
 */
function ClassSummary({ item, items }: { item: CartItem; items: CartItem[] }) {
  const session = formatSession(item);
  const clash = sameTimeAs(item, items);
  return (
    <>
      <Link
        to={`/classes/${item.classItemId}`}
        className="font-semibold break-words text-slate-900 underline-offset-4 hover:underline dark:text-white"
      >
        {item.class_name}
      </Link>
      <span className="block font-medium text-indigo-800 dark:text-indigo-300" data-testid="cart-camper">
        {seatFor(item.camper_name)}
      </span>
      <span className="block text-sm font-normal text-slate-600 dark:text-slate-400" data-testid="cart-session">
        {session ?? "Dates to be announced"}
      </span>
      {clash && (
        <span className="block text-sm font-medium text-amber-800 dark:text-amber-300">
          Same time as {clash.class_name}
        </span>
      )}
    </>
  );
}

const deleteButton =
  "inline-flex h-10 w-10 items-center justify-center rounded-full bg-red-600 text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60";

/**
 * Where focus goes once a line is deleted (its button is gone, so the browser would drop focus to
 * the page): the delete button now in its place, else the one before, else the page's heading.
 */
export function focusAfterDelete(index: number, root: Document = document): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[data-cart-delete]")].filter(
    (button) => button.getClientRects().length > 0,
  );
  const next = buttons[Math.min(index, buttons.length - 1)];
  if (next) return next.focus();
  const heading = root.querySelector<HTMLElement>("main h1, h1");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

function DeleteButton({ item, index }: { item: CartItem; index: number }) {
  const remove = useRemoveCartItem();
  const onDelete = async () => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(item._id);
      await showDeleted();
      focusAfterDelete(index);
    } catch (error) {
      await showDeleteFailed(errorMessage(error));
    }
  };
  return (
    <button
      type="button"
      data-cart-delete=""
      className={deleteButton}
      onClick={() => void onDelete()}
      disabled={remove.isPending}
      aria-label={`Delete ${lineName(item)}`}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/** A row's own Pay: that cart item alone, with the code applied on the cart. */
function PayLink({ item, promoCode }: { item: CartItem; promoCode: string | null }) {
  return (
    <Link
      to={singlePaymentPath(item._id, promoCode)}
      className={`${actionButton} px-4 py-2 text-sm`}
      aria-label={`Pay for ${lineName(item)}${promoCode ? ` with the code ${promoCode}` : ""}`}
    >
      Pay
    </Link>
  );
}

function Photo({ item }: { item: CartItem }) {
  return (
    <ImageOrInitials
      src={item.image}
      alt=""
      name={item.class_name}
      width={56}
      height={56}
      loading="eager"
      className="h-14 w-14 shrink-0 rounded-xl bg-slate-200 object-cover text-lg dark:bg-slate-800"
    />
  );
}

/**
 * The selected classes (spec section 8): a table on wide screens, one card per class on phones
 * (only one of the two is displayed, so screen readers meet each class once).
 */
export function CartTable({
  items,
  prices,
  promoCode = null,
}: {
  items: CartItem[];
  prices?: LinePrices;
  /** The code applied on the cart: each row's Pay carries it to the payment page. */
  promoCode?: string | null;
}) {
  return (
    <>
      <div className={`hidden overflow-x-auto md:block ${card}`}>
        <table className="w-full text-left">
          <caption className="sr-only">Your selected classes</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-3">
                S/N
              </th>
              <th scope="col" className="px-4 py-3">
                Photo
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Pay</span>
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item._id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <td className="px-4 py-3 text-slate-600 dark:text-slate-400">{index + 1}</td>
                <td className="px-4 py-3">
                  <Photo item={item} />
                </td>
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900 dark:text-white">
                  <ClassSummary item={item} items={items} />
                </th>
                <td className="px-4 py-3 text-right tabular-nums">
                  <Price item={item} prices={prices} />
                </td>
                <td className="px-4 py-3">
                  <PayLink item={item} promoCode={promoCode} />
                </td>
                <td className="px-4 py-3">
                  <DeleteButton item={item} index={index} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="flex flex-col gap-3 md:hidden" aria-label="Your selected classes">
        {items.map((item, index) => (
          <li key={item._id} className={`flex flex-wrap items-center gap-3 p-4 ${card}`}>
            <span className="w-6 text-slate-600 dark:text-slate-400">{index + 1}</span>
            <Photo item={item} />
            <div className="min-w-0 flex-1">
              <ClassSummary item={item} items={items} />
              <p className="tabular-nums text-slate-600 dark:text-slate-400">
                <Price item={item} prices={prices} />
              </p>
            </div>
            <div className="flex w-full justify-end gap-3">
              <PayLink item={item} promoCode={promoCode} />
              <DeleteButton item={item} index={index} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
