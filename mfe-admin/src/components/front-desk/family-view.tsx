import { useEffect, useRef } from "react";
import type { FrontDeskFamily } from "../../lib/front-desk";
import { BookClasses } from "./book-classes";
import { CampersPanel } from "./campers-panel";
import { GuardiansPanel } from "./guardians-panel";
import { OfficeLogPanel } from "./office-log";
import { OrdersPanel } from "./orders-panel";

/**
 * One family at the desk: who they are, their guardians and campers (both needed to book), "Book
 * classes", and their bookings with what is owed. Its heading takes focus as it opens.
 */
export function FamilyView({
  family,
  today,
  onDone,
}: {
  family: FrontDeskFamily;
  today: string;
  onDone: (text: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-labelledby="front-desk-family"
        className="flex flex-col gap-1 rounded-2xl bg-slate-50 p-4 text-sm sm:p-6 dark:bg-slate-800/60"
      >
        <h2
          id="front-desk-family"
          ref={heading}
          tabIndex={-1}
          className="font-display text-2xl font-bold break-words text-slate-900 outline-none dark:text-white"
        >
          {family.name}
        </h2>
        <p className="break-words">
          {family.email}
          {family.phone ? ` · ${family.phone}` : ""}
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          {family.claimed
            ? "The family has signed in to its account."
            : "The family has not set its password yet: the e-mail with its link was sent when it was registered."}
        </p>
      </section>
      <GuardiansPanel family={family} onSaved={onDone} />
      <CampersPanel family={family} today={today} onAdded={onDone} />
      <BookClasses family={family} today={today} onBooked={onDone} />
      <OrdersPanel familyId={family._id} orders={family.orders} today={today} onRecorded={onDone} />
      <OfficeLogPanel familyId={family._id} />
    </div>
  );
}
