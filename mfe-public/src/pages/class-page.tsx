import { useEffect, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import {
  formatAges,
  formatSession,
  levelLabel,
  NotFoundPage,
  resolveImageUrl,
  sportLabel,
  useAcademyFacts,
  type ClassItem,
} from "shared-auth";
import { countOf } from "shared-auth/plural";
import { Breadcrumb } from "../components/breadcrumb";
import { BookingAction, useOpeningTick } from "../components/class-card";
import { ClassLogisticsBlock } from "../components/class-logistics";
import { ErrorState } from "../components/list-states";
import { TodayPrice } from "../components/price-today";
import { PublicRoot } from "../components/public-root";
import { plural, seatsLeft } from "../lib/format";
import { isNotFound, isPublished, useClass } from "../lib/public-queries";
import { academyDay } from "../lib/price-today";
import { useBooking } from "../lib/use-booking";
import { useCancellationPolicy, useClassAvailability, waitlistRule } from "../lib/waitlist-queries";
import "../styles.css";

/** The browser tab names the page (the shell's route title is only "Class"). */
function useDocumentTitle(title: string | null) {
  const { name } = useAcademyFacts();
  useEffect(() => {
    if (title) document.title = `${title} | ${name}`;
  }, [title, name]);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3 border-b border-slate-200 py-3 last:border-0 dark:border-slate-800">
      <dt className="text-sm font-semibold text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function ClassPageSkeleton() {
  return (
    <div role="status" aria-label="Loading the class" aria-busy="true">
      <div
        className="mt-6 grid animate-pulse gap-8 motion-reduce:animate-none md:grid-cols-[3fr_2fr]"
        aria-hidden="true"
      >
        <div className="flex flex-col gap-4">
          <div className="aspect-[8/5] rounded-2xl bg-slate-200 dark:bg-slate-800" />
          <div className="h-9 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-4 w-full rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
        <div className="h-80 rounded-2xl bg-slate-200 dark:bg-slate-800" />
      </div>
      <span className="sr-only">Loading the class…</span>
    </div>
  );
}

/** The cancellation policy a family accepts when it books, in the academy's words. */
function PolicyNote() {
  const policy = useCancellationPolicy().data;
  if (!policy) return null;
  return (
    <section
      aria-labelledby="policy-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="policy-heading" className="font-display text-lg font-bold text-slate-900 dark:text-white">
        Cancellation policy
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="class-policy">
        {policy.text}
      </p>
    </section>
  );
}

function ClassDetails({ item: listed }: { item: ClassItem }) {
  const booking = useBooking();
  // The class's live state: seats anyone may book now (none while families wait in its
  // line) and when registration opens. The page counts what is left as taken, not only enrolled.
  const live = useClassAvailability(listed._id).data;
  const item: ClassItem = live
    ? {
        ...listed,
        enrolled_seats: Math.max(listed.available_seats - live.seats_left, listed.enrolled_seats),
        registration_opens_at: live.registration_opens_at,
      }
    : listed;
  useOpeningTick(item);
  const state = booking.stateOf(item);
  const session = formatSession(item);
  const ages = formatAges(item);
  const level = levelLabel(item.level);
  const sport = sportLabel(item.sport);
  return (
    <div className="mt-6 grid items-start gap-8 md:grid-cols-[3fr_2fr]">
      <div>
        <img
          src={resolveImageUrl(item.image)}
          alt={item.class_name}
          width={800}
          height={500}
          className="aspect-[8/5] w-full rounded-2xl bg-slate-200 object-cover shadow dark:bg-slate-800"
        />
        {sport && (
          <p className="mt-6 text-sm font-semibold tracking-[0.2em] text-orange-700 uppercase dark:text-orange-400">
            {sport}
          </p>
        )}
        <h1 className="mt-1 font-display text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {item.class_name}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          with{" "}
          {item.instructorId ? (
            <Link
              to={`/instructors/${item.instructorId}`}
              className="font-semibold text-orange-700 underline-offset-4 hover:underline dark:text-orange-400"
            >
              {item.instructor}
            </Link>
          ) : (
            <span className="font-semibold">{item.instructor}</span>
          )}
        </p>
        <section aria-labelledby="class-details-heading" className="mt-6">
          <h2 id="class-details-heading" className="font-display text-xl font-bold text-slate-900 dark:text-white">
            About this class
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">
            {item.details?.trim() || "The instructor has not added details yet."}
          </p>
        </section>
        <ClassLogisticsBlock item={item} />
      </div>
      <aside aria-label="Session and booking" className="flex flex-col gap-6">
        <dl className="rounded-2xl border border-slate-200 bg-white px-5 py-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <Fact label="When">{session ?? "Dates to be announced"}</Fact>
          <Fact label="Ages">{ages ?? "All ages"}</Fact>
          <Fact label="Level">{level ?? "All levels"}</Fact>
          <Fact label="Place">{item.location || "To be announced"}</Fact>
          <Fact label="Seats left">
            {plural(seatsLeft(item), "seat", "seats")} of {item.available_seats}
          </Fact>
        </dl>
        <div
          data-testid="class-booking"
          data-state={state}
          className={`flex flex-col rounded-2xl p-5 shadow-lg ${
            state === "full"
              ? "bg-red-700 text-red-50 dark:bg-red-900"
              : "bg-indigo-800 text-indigo-50 dark:bg-indigo-950"
          }`}
        >
          <p className="text-sm">Price for the whole session</p>
          <p>
            <TodayPrice item={item} large />
          </p>
          <BookingAction item={item} booking={booking} />
        </div>
        {(state === "full" || (live?.waiting ?? 0) > 0) && (
          <section
            aria-labelledby="waitlist-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="waitlist-heading" className="font-display text-lg font-bold text-slate-900 dark:text-white">
              Waitlist
            </h2>
            <p className="mt-1 font-semibold text-slate-800 dark:text-slate-100" data-testid="waitlist-length">
              {live?.waiting ? `${countOf(live.waiting, "family", "families")} waiting` : "Nobody is waiting yet"}
            </p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{waitlistRule(live?.offer_seconds)}</p>
          </section>
        )}
        <PolicyNote />
      </aside>
    </div>
  );
}

/**
 * The preview its staff ask for (decision 039): `?preview=class` shows a class under review as
 * families will see it once approved, `?preview=changes` an approved class with the changes its
 * instructor proposed. Only the class's instructor and admins receive its status from the API; a
 * family asking for a preview sees the page as always.
 */
function usePreview(item: ClassItem | undefined) {
  const [search] = useSearchParams();
  const asked = search.get("preview");
  if (!item || item.status === undefined || (asked !== "class" && asked !== "changes")) return null;
  if (asked === "changes" && item.proposed_changes) {
    return {
      item: proposedPrices({ ...item, ...item.proposed_changes }),
      note: "Preview of the proposed changes: families see this class as it is until an admin accepts them.",
    };
  }
  if (item.status === "approved") return null;
  return {
    item,
    note:
      item.status === "denied"
        ? "Preview: this class was denied and is not on the site."
        : "Preview: this is how families will see this class once it is approved. It is not on the site yet.",
  };
}

/**
 * Today's price of a class with proposed prices: the rule the API prices with (decision 034) on
 * the academy's day, as the API would answer once the changes are accepted.
 */
function proposedPrices(item: ClassItem): ClassItem {
  const early = item.early_price !== null && item.early_price_until !== null && academyDay() <= item.early_price_until;
  return {
    ...item,
    price_today: early ? item.early_price! : item.price,
    price_today_until: early ? item.early_price_until : null,
  };
}

/** /classes/:classId: one approved class, all a parent needs to decide, and Add To Booking. */
export default function ClassPage() {
  const { classId = "" } = useParams();
  const query = useClass(classId);
  const preview = usePreview(query.data);
  // Admins and the class's own instructor also receive pending and denied classes: not public.
  const missing =
    (query.isError && isNotFound(query.error)) || (query.isSuccess && !isPublished(query.data) && !preview);
  useDocumentTitle(missing ? "Not Found" : query.isSuccess ? (preview?.item ?? query.data).class_name : null);
  if (missing)
    return (
      <PublicRoot>
        <NotFoundPage message="There is no such class open for booking. It may have ended or been removed." />
      </PublicRoot>
    );
  const shown = preview?.item ?? query.data;
  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
        {preview && (
          <p
            role="status"
            className="mb-6 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm font-semibold text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100"
          >
            {preview.note}
          </p>
        )}
        <Breadcrumb parent={{ to: "/classes", label: "Classes" }} current={shown?.class_name ?? "Class"} />
        {query.isPending ? (
          <ClassPageSkeleton />
        ) : query.isError ? (
          <div className="mt-8">
            <h1 className="sr-only">Class</h1>
            <ErrorState what="This class" error={query.error} onRetry={() => void query.refetch()} />
          </div>
        ) : (
          <ClassDetails item={shown!} />
        )}
      </div>
    </PublicRoot>
  );
}
