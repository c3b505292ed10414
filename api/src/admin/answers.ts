import { z } from "zod";
import { staffClass, totalPage } from "../catalog/index.js";
import { CLASS_STATUSES, ROLES } from "../platform/database/schema.js";

/** The admin pages' answers (decision 038). */

/** A class as an admin's class list shows it: every field, and the seats held by checkouts. */
export const adminClass = staffClass
  .extend({
    held_seats: z.int().meta({ description: "Seats held by checkouts in progress" }),
  })
  .meta({ id: "AdminClass", description: "A class with every field an admin reads, and the seats held right now" });

export const adminClassPage = totalPage(adminClass).meta({
  id: "AdminClassPage",
  description: "One page of every class, for admins",
});

/** A count per value (every value named, 0 when none), and their total. */
const countsOf = <V extends string>(values: readonly [V, ...V[]], what: string) =>
  z.object({
    ...(Object.fromEntries(values.map((v) => [v, z.int()])) as Record<V, z.ZodInt>),
    total: z.int().meta({ description: `Every ${what}` }),
  });

export const adminStats = z
  .object({
    users: countsOf(ROLES, "user").meta({ description: "Users by role" }),
    classes: countsOf(CLASS_STATUSES, "class").meta({ description: "Classes by status" }),
    enrollments: z.int().meta({ description: "Seats booked (enrolments)" }),
    revenue: z.number().meta({ description: "Dollars paid, net of refunds sent or on their way" }),
    revenueByMethod: z.object({ card: z.int(), cash: z.int(), cheque: z.int(), bank_transfer: z.int() }).meta({
      description:
        "Revenue by how it was paid, in cents, each net of its refunds (a front-desk refund handed back in cash counts against cash): the four add up to revenue",
    }),
    deskOwedCents: z.int().meta({
      description: "Still owed on bookings made at the front desk (seats still booked), in cents: not in revenue yet",
    }),
    planScheduledCents: z.int().meta({
      description:
        "Still to be charged on payment plans (charges to come and refused ones), in cents: not in revenue yet",
    }),
    openHolds: z
      .object({
        checkouts: z.int().meta({ description: "Checkouts in progress" }),
        seats: z.int().meta({ description: "Seats they hold" }),
      })
      .meta({ description: "Seats held by checkouts not finished yet" }),
  })
  .meta({ id: "AdminStats", description: "The admin home's figures" });
