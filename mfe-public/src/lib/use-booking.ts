import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import {
  errorMessage,
  hasStarted,
  sessionsOverlap,
  useAcademy,
  useAddToCart,
  useCart,
  useEnrolled,
  useStudentEmail,
  type CartItem,
  type ClassItem,
} from "shared-auth";
import { askToLogIn, confirmOverlap, showProblem, toastSuccess } from "./alerts";
import { isFull } from "./public-queries";

/** What a class card shows about one class for the person looking at it. */
export type BookingState = "full" | "enrolled" | "in-cart" | "started" | "open";

export interface Booking {
  /** Spec section 6: admins and instructors see no add button. */
  showButton: boolean;
  stateOf: (item: ClassItem) => BookingState;
  /** Whether the add button of this class can be pressed now. */
  canPress: (item: ClassItem) => boolean;
  book: (item: ClassItem) => Promise<void>;
}

export const ADDED_MESSAGE = "Class added on the Cart.";

/**
 * What a class is to the student looking at it: one they have (enrolled, or in the cart) first,
 * then one nobody can book (started, full), else open.
 */
export function bookingState(
  item: ClassItem,
  cart: readonly Pick<CartItem, "classItemId">[] | undefined,
  enrolled: readonly Pick<ClassItem, "_id">[] | undefined,
  now?: Date,
): BookingState {
  if (enrolled?.some((c) => c._id === item._id)) return "enrolled";
  if (cart?.some((c) => c.classItemId === item._id)) return "in-cart";
  if (hasStarted(item, now)) return "started";
  if (isFull(item)) return "full";
  return "open";
}

/**
 * The "Add To Booking" rules of spec sections 4-6, for one list of class cards: a visitor is asked
 * to log in (and comes back here), a student's click books the class once, admins and instructors
 * have no button, full or started classes and classes already booked cannot be added, and a class
 * whose session overlaps one in the cart or enrolled is added only after the student confirms.
 */
export function useBooking(): Booking {
  const status = useAcademy((s) => s.status);
  const role = useAcademy((s) => s.role);
  const student = useStudentEmail();
  const cart = useCart();
  const enrolled = useEnrolled();
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const location = useLocation();
  // Spec section 4: after a click the button stays disabled.
  const [pressed, setPressed] = useState<ReadonlySet<string>>(() => new Set());

  const signedIn = status === "signed-in";
  const showButton = !(signedIn && (role === "admin" || role === "instructor"));

  const stateOf = (item: ClassItem): BookingState => bookingState(item, cart.data, enrolled.data);

  const canPress = (item: ClassItem) =>
    // While the session is being decided nobody knows yet whether to book or to ask for a login.
    status !== "loading" && !(signedIn && !student) && stateOf(item) === "open" && !pressed.has(item._id);

  const book = async (item: ClassItem) => {
    if (!canPress(item)) return;
    if (!signedIn || !student) {
      if (await askToLogIn()) navigate("/login", { state: { from: location } });
      return;
    }
    // Issue 15: two sessions at the same time are booked only once the student confirms.
    const clash =
      cart.data?.find((c) => sessionsOverlap(item, c)) ?? enrolled.data?.find((c) => sessionsOverlap(item, c));
    if (clash) {
      const where = enrolled.data?.includes(clash as ClassItem) ? "you are enrolled in" : "is already in your cart";
      if (!(await confirmOverlap(item, clash, where))) return;
    }
    setPressed((s) => new Set(s).add(item._id));
    try {
      const added = await addToCart.mutateAsync(item._id);
      if (added.insertedId) toastSuccess(ADDED_MESSAGE);
    } catch (error) {
      setPressed((s) => {
        const next = new Set(s);
        next.delete(item._id);
        return next;
      });
      showProblem("This class was not added", errorMessage(error));
    }
  };

  return { showButton, stateOf, canPress, book };
}
