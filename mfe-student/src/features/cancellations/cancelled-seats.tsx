import { useQuery } from "@tanstack/react-query";
import { api, ImageOrInitials, queryKeys, useAccountEmail } from "shared-auth";
import type { CancelledEnrolment } from "shared-auth/wire";
import { card, dollars } from "../../components/styles";
import { seatFor } from "../campers/seat";

/**
 * The family's cancelled seats (GET /enrollments/cancelled): a seat given up stays on My Enrolled
 * Classes, marked cancelled with its refund and date. Under the enrolled list's key, so that
 * whatever refreshes the enrolled classes (a cancellation, a payment) refreshes these too.
 */
export function useCancelledSeats() {
  const email = useAccountEmail();
  return useQuery({
    queryKey: [...queryKeys.enrolled(email ?? ""), "cancelled"],
    queryFn: async () => (await api.get<CancelledEnrolment[]>("/enrollments/cancelled")).data,
    enabled: email !== null,
  });
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

const REFUND_STATE: Record<string, string> = {
  pending: " (on its way)",
  failed: " (did not reach the card: the academy will sort it out)",
};

/** What came back for a cancelled seat, and when it was cancelled. */
export function cancelledText(seat: Pick<CancelledEnrolment, "refundCents" | "refundStatus" | "cancelledAt">): string {
  const on = dayFormat.format(new Date(seat.cancelledAt));
  if (seat.refundCents === 0) return `Cancelled on ${on}, nothing refunded`;
  return `Cancelled on ${on}, ${dollars(seat.refundCents / 100)} refunded${REFUND_STATE[seat.refundStatus ?? ""] ?? ""}`;
}

export function CancelledSeats({ seats }: { seats: CancelledEnrolment[] }) {
  return (
    <section aria-labelledby="cancelled-seats" className="flex flex-col gap-3">
      <h2 id="cancelled-seats" className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Cancelled seats
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your cancelled seats">
        {seats.map((seat) => (
          <li key={seat._id} className={`flex gap-3 p-4 ${card}`} data-testid="cancelled-seat">
            <ImageOrInitials
              src={seat.image}
              alt=""
              name={seat.class_name}
              width={64}
              height={64}
              className="h-16 w-16 shrink-0 rounded-xl bg-slate-200 object-cover text-lg opacity-70 grayscale dark:bg-slate-800"
            />
            <div className="min-w-0">
              <h3 className="font-semibold break-words text-slate-900 dark:text-white">
                {seat.class_name} <span className="sr-only">(cancelled)</span>
              </h3>
              <p className="text-sm font-medium text-indigo-800 dark:text-indigo-300">{seatFor(seat.camper)}</p>
              <p className="mt-1 inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-slate-800 uppercase dark:bg-slate-700 dark:text-slate-100">
                Cancelled
              </p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="cancelled-refund">
                {cancelledText(seat)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
