import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import {
  errorMessage,
  fetchCampers,
  queryKeys,
  sessionsOverlap,
  useAcademy,
  useStudentEmail,
  type Camper,
  type ClassItem,
  type WaitlistEntry,
} from "shared-auth";
import { useAddToCart, useCampers, useCart, useEnrolled } from "shared-auth/queries";
import { useJoinWaitlist } from "./waitlist-queries";
import { askToLogIn, explainOverlap, showProblem, toastSuccess } from "./alerts";
import {
  ADDED_MESSAGE,
  bookEach,
  bookingNote,
  canJoinLine,
  familyBookingState,
  familySeats,
  hasChildren,
  type BookingOutcome,
  type BookingState,
} from "./booking-state";

export { ADDED_MESSAGE, bookingState, type BookingState } from "./booking-state";

export interface Booking {
  /** Spec section 6: admins and instructors see no add button. */
  showButton: boolean;
  /** The family has children: the button opens the camper dialog rather than booking at once. */
  asksWhom: boolean;
  stateOf: (item: ClassItem) => BookingState;
  /** The line beside the button: seats left, why it cannot be pressed, who of the family is booked. */
  noteOf: (item: ClassItem) => string;
  /** Whether the add button of this class can be pressed now. */
  canPress: (item: ClassItem) => boolean;
  /**
   * The button's click. Books the class for the student at once, as the spec says, unless the
   * family has children: then it answers "pick" and the caller opens the camper dialog.
   */
  book: (item: ClassItem) => Promise<"pick" | undefined>;
  /**
   * The camper dialog's "Add": one cart line per ticked camper, one request after the other.
   * Answers who went in and who was refused, with the server's reason (the dialog shows the toast).
   */
  bookFor: (item: ClassItem, campers: readonly { camperId: string; name: string }[]) => Promise<BookingOutcome>;
  /** A full class: "Join waitlist" is offered to everyone who may book. */
  canJoin: (item: ClassItem) => boolean;
  /**
   * "Join waitlist": joins at once for the account holder, or answers "pick" for a family with
   * children (the caller opens the waitlist dialog). A visitor is asked to log in.
   */
  joinWaitlist: (item: ClassItem) => Promise<"pick" | undefined>;
  /** The waitlist dialog's "Join": the ticked campers wait together; the server's refusal is thrown. */
  joinFor: (item: ClassItem, camperIds: string[]) => Promise<WaitlistEntry>;
  /** After joining: says where the family stands, and offers My Waitlists. */
  announceJoined: (item: ClassItem, entry: WaitlistEntry) => Promise<void>;
}

/**
 * The "Add To Booking" rules of spec sections 4-6, for one list of class cards: a visitor is asked
 * to log in (and comes back here), a student's click books the class once, admins and instructors
 * have no button, full or started classes and classes already booked cannot be added. A class whose
 * session overlaps one in the cart or enrolled is not asked for: the server refuses one camper two
 * classes at the same time (decision 030), so the student is told why at once. A family with children
 * picks whose seat it is in a dialog, where the server says who may go.
 */
export function useBooking(): Booking {
  const status = useAcademy((s) => s.status);
  const role = useAcademy((s) => s.role);
  const student = useStudentEmail();
  const cart = useCart();
  const enrolled = useEnrolled();
  const campers = useCampers();
  const addToCart = useAddToCart();
  const join = useJoinWaitlist();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Spec section 4: after a click the button stays disabled (the one-click booking for oneself).
  const [pressed, setPressed] = useState<ReadonlySet<string>>(() => new Set());

  const signedIn = status === "signed-in";
  const showButton = !(signedIn && (role === "admin" || role === "instructor"));
  const family = hasChildren(campers.data) ? campers.data : undefined;

  const stateOf = (item: ClassItem): BookingState => familyBookingState(item, campers.data, cart.data, enrolled.data);

  const noteOf = (item: ClassItem) =>
    bookingNote(item, stateOf(item), family ? familySeats(item._id, family, cart.data, enrolled.data) : null);

  const canPress = (item: ClassItem) =>
    // While the session is being decided nobody knows yet whether to book or to ask for a login.
    status !== "loading" && !(signedIn && !student) && stateOf(item) === "open" && !pressed.has(item._id);

  /** A visitor who tried to book: to /login or /signup as they chose, coming back here afterwards. */
  const goSignIn = async () => {
    const to = await askToLogIn();
    if (to) navigate(to, { state: { from: location } });
  };

  /** The family's campers, read now if the page has not yet; an answer without them is "Myself" alone. */
  const familyNow = async (email: string): Promise<Camper[] | undefined> => {
    if (campers.data) return campers.data;
    try {
      return await client.ensureQueryData({ queryKey: queryKeys.campers(email), queryFn: fetchCampers });
    } catch {
      return undefined;
    }
  };

  const book = async (item: ClassItem): Promise<"pick" | undefined> => {
    if (!canPress(item)) return;
    if (!signedIn || !student) {
      await goSignIn();
      return;
    }
    if (hasChildren(await familyNow(student))) return "pick";
    // A class at the same time as one the student has is refused by the server; say why.
    const inCart = cart.data?.find((c) => sessionsOverlap(item, c));
    const clash = inCart ?? enrolled.data?.find((c) => sessionsOverlap(item, c));
    if (clash) {
      if ((await explainOverlap(item, clash, Boolean(inCart))) && inCart) navigate("/dashboard/mydashboard");
      return;
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
      const message = errorMessage(error);
      // Full for anyone outside its line (seats kept for waiting families): the line is the way in.
      if (/waitlist/i.test(message)) {
        const { offerTheWaitlist } = await import("./waitlist-alerts");
        if (await offerTheWaitlist(message)) await joinWaitlist(item);
      } else if (/\bMy Campers\b/.test(message)) {
        // The family's own details or a camper's are missing: the page where they are given is offered.
        if (await showProblem("This class was not added", message, "Open My Campers")) navigate("/dashboard/campers");
      } else void showProblem("This class was not added", message);
    }
  };

  const canJoin = (item: ClassItem) =>
    showButton && !(signedIn && !student) && canJoinLine(item, campers.data, cart.data, enrolled.data);

  const announceJoined = async (item: ClassItem, entry: WaitlistEntry) => {
    const { showJoined } = await import("./waitlist-alerts");
    if (await showJoined(item.class_name, entry)) navigate("/dashboard/waitlists");
  };

  const joinFor = (item: ClassItem, camperIds: string[]) =>
    join.mutateAsync({ classId: item._id, camperIds: camperIds.length > 0 ? camperIds : undefined });

  const joinWaitlist = async (item: ClassItem): Promise<"pick" | undefined> => {
    if (status === "loading") return;
    if (!signedIn || !student) {
      await goSignIn();
      return;
    }
    if (hasChildren(await familyNow(student))) return "pick";
    try {
      await announceJoined(item, await joinFor(item, []));
    } catch (error) {
      void showProblem("You did not join the waitlist", errorMessage(error));
    }
  };

  const bookFor: Booking["bookFor"] = (item, picked) =>
    bookEach(picked, (camperId) => addToCart.mutateAsync({ classItemId: item._id, camperId }), errorMessage);

  return {
    showButton,
    asksWhom: family !== undefined,
    stateOf,
    noteOf,
    canPress,
    book,
    bookFor,
    canJoin,
    joinWaitlist,
    joinFor,
    announceJoined,
  };
}
