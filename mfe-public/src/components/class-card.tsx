import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { formatAges, formatSession, levelLabel, ImageOrInitials, sportLabel, type ClassItem } from "shared-auth";
import { plural } from "../lib/format";
import { msUntilOpening } from "../lib/registration";
import { useBooking, type Booking, type BookingState } from "../lib/use-booking";
import { actionColors } from "./form-styles";
import { TodayPrice } from "./price-today";

/** The camper dialog: only a family with children opens it, after a click, so its code loads then. */
const loadCamperDialog = () => import("./camper-dialog");
const CamperDialog = lazy(loadCamperDialog);
/** The waitlist dialog: a family with children opens it from a full class. */
const WaitlistDialog = lazy(() => import("./waitlist-dialog"));

const BADGE: Record<Exclude<BookingState, "open">, string> = {
  full: "Full",
  "in-cart": "In cart",
  enrolled: "Enrolled",
  started: "Started",
  "not-open": "Opens soon",
};

/**
 * Re-renders every second until the class's registration opens: the note counts down,
 * and at the moment it opens the button turns on without a reload.
 */
export function useOpeningTick(item: Pick<ClassItem, "registration_opens_at">): void {
  const [, setTick] = useState(0);
  const opensAt = item.registration_opens_at;
  useEffect(() => {
    if (msUntilOpening(opensAt) <= 0) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (msUntilOpening(opensAt) <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [opensAt]);
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-white/15 py-1.5 last:border-0">
      <dt className="text-sm">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

/**
 * The "Add To Booking" button with the note that says why it cannot be pressed, as cards and the
 * class page show it (spec sections 4-6).
 */
export function BookingAction({ item, booking }: { item: ClassItem; booking: Booking }) {
  const noteId = `class-note-${item._id}`;
  const canPress = booking.canPress(item);
  const button = useRef<HTMLButtonElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const keepFocus = useRef(false);
  const [picking, setPicking] = useState(false);
  const [joining, setJoining] = useState(false);
  const canJoin = booking.canJoin(item);
  const dialogClosed = useRef(false);
  // A pressed button turns disabled and would drop keyboard focus to the page body: the card's
  // note ("In your cart", or why not) takes it instead, so the student stays where they were.
  useLayoutEffect(() => {
    if (canPress || !keepFocus.current) return;
    keepFocus.current = false;
    note.current?.focus();
  }, [canPress]);
  // The camper dialog closed: focus goes back to the button, or to the note once the button is
  // disabled (every camper booked). The cart the adds changed reaches this card a moment later.
  useEffect(() => {
    if (picking || !dialogClosed.current) return;
    dialogClosed.current = false;
    const timer = setTimeout(() => {
      const target = button.current && !button.current.disabled ? button.current : note.current;
      target?.focus();
    });
    return () => clearTimeout(timer);
  }, [picking]);
  return (
    <>
      <p
        ref={note}
        id={noteId}
        tabIndex={-1}
        className="mt-3 min-h-6 rounded text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {booking.noteOf(item)}
      </p>
      {booking.showButton && (
        <button
          ref={button}
          type="button"
          onClick={() => {
            keepFocus.current = document.activeElement === button.current;
            // A visitor gets the login dialog instead: nothing to keep focus for afterwards.
            void booking
              .book(item)
              .then((next) => next === "pick" && setPicking(true))
              .finally(() => (keepFocus.current = false));
          }}
          disabled={!canPress}
          aria-describedby={noteId}
          aria-haspopup={booking.asksWhom ? "dialog" : undefined}
          // A parent about to press: the dialog's code starts loading now rather than after the click.
          onPointerEnter={booking.asksWhom ? () => void loadCamperDialog() : undefined}
          onFocus={booking.asksWhom ? () => void loadCamperDialog() : undefined}
          className={`mt-auto inline-flex w-full cursor-pointer items-center justify-center gap-2 rounded-full px-5 py-3 font-semibold shadow transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:bg-white/25 disabled:text-white/80 disabled:shadow-none ${actionColors}`}
        >
          Add To Booking
        </button>
      )}
      {canJoin && (
        <button
          type="button"
          onClick={() => void booking.joinWaitlist(item).then((next) => next === "pick" && setJoining(true))}
          aria-haspopup={booking.asksWhom ? "dialog" : undefined}
          className="mt-2 inline-flex w-full cursor-pointer items-center justify-center gap-2 rounded-full border-2 border-white px-5 py-2.5 font-semibold text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Join waitlist
        </button>
      )}
      {joining && (
        <Suspense fallback={null}>
          <WaitlistDialog item={item} booking={booking} onClose={() => setJoining(false)} />
        </Suspense>
      )}
      {picking && (
        <Suspense fallback={null}>
          <CamperDialog
            item={item}
            booking={booking}
            onClose={() => {
              dialogClosed.current = true;
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** When and for whom, in one or two short lines (nothing for a class without a session). */
function SessionSummary({ item }: { item: ClassItem }) {
  const session = formatSession(item);
  const audience = [formatAges(item), levelLabel(item.level)].filter(Boolean).join(" · ");
  if (!session && !audience) return null;
  return (
    <div className="mt-3 text-sm" data-testid="class-session">
      {session && <p className="font-semibold">{session}</p>}
      {audience && <p className="opacity-90">{audience}</p>}
    </div>
  );
}

/**
 * One class of the list (spec section 2 and 4): a red card when the class is full, indigo
 * otherwise, with the "Add To Booking" button for everyone but admins and instructors.
 */
export function ClassCard({ item, booking }: { item: ClassItem; booking: Booking }) {
  useOpeningTick(item);
  const state = booking.stateOf(item);
  const full = state === "full";
  return (
    <article
      data-testid="class-card"
      data-state={state}
      aria-labelledby={`class-name-${item._id}`}
      className={`flex h-full flex-col overflow-hidden rounded-2xl shadow-lg ring-1 ${
        full
          ? "bg-red-700 text-red-50 ring-red-800 dark:bg-red-900 dark:ring-red-700"
          : "bg-indigo-800 text-indigo-50 ring-indigo-900 dark:bg-indigo-950 dark:ring-indigo-800"
      }`}
    >
      <div className="relative">
        <ImageOrInitials
          src={item.image}
          alt={item.class_name}
          name={item.class_name}
          width={800}
          height={500}
          className="aspect-[8/5] w-full bg-slate-200 object-cover text-5xl dark:bg-slate-800"
        />
        {state !== "open" && (
          <span
            className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase shadow ${
              full
                ? "bg-red-600 text-white"
                : state === "enrolled"
                  ? "bg-emerald-700 text-white"
                  : state === "started" || state === "not-open"
                    ? "bg-slate-700 text-white"
                    : "bg-orange-700 text-white"
            }`}
            aria-hidden="true"
          >
            {BADGE[state]}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        {sportLabel(item.sport) && (
          <p className="text-xs font-bold tracking-widest uppercase">{sportLabel(item.sport)}</p>
        )}
        {/* The grid sits right under its page's h1 (/classes, an instructor's classes). */}
        <h2 id={`class-name-${item._id}`} className="font-display text-xl font-bold text-white">
          <Link
            to={`/classes/${item._id}`}
            className="rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {item.class_name}
          </Link>
        </h2>
        <p className="mt-1 text-sm">
          Instructor: <span className="font-semibold">{item.instructor}</span>
        </p>
        <SessionSummary item={item} />
        {/* The wire's available_seats is the class's capacity (spec: full when it equals enrolled_seats). */}
        <dl className="mt-4">
          <Fact label="Capacity" value={plural(item.available_seats, "seat", "seats")} />
          <Fact label="Enrolled" value={plural(item.enrolled_seats, "student", "students")} />
          <Fact label="Price" value={<TodayPrice item={item} />} />
        </dl>
        <BookingAction item={item} booking={booking} />
      </div>
    </article>
  );
}

/** The class list: 1 column on phones, 2 on small screens, 3 from medium screens; cards fade up. */
export function ClassGrid({ items, label }: { items: ClassItem[]; label: string }) {
  const booking = useBooking();
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
      {items.map((item) => (
        <li key={item._id} className="motion-safe:animate-fade-up">
          <ClassCard item={item} booking={booking} />
        </li>
      ))}
    </ul>
  );
}
