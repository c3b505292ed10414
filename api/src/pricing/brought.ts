import { sql } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import type { DiscountRow } from "./store.js";

/**
 * What each discount brought (admins' discounts list and Admin Home), from the database to the
 * cent: its paid orders, their revenue net of every refund (what stayed with the academy, as the
 * instructors' revenue counts it), the discount it gave them, and checkouts holding a code's use.
 * A code's orders are its recorded uses; the sibling's and the multi-class discount's are the paid
 * orders one of whose lines it took money off (the order's pricing terms name which discount).
 */
export interface Brought {
  orders: number;
  revenueCents: number;
  discountCents: number;
  holds: number;
}

const NOTHING: Brought = { orders: 0, revenueCents: 0, discountCents: 0, holds: 0 };

/** An order's revenue net of refunds: what was paid for its lines (on a plan, so far) less what went back. */
const NET_OF_REFUNDS = sql.raw(
  `(select coalesce(sum(i.paid_cents - i.refunded_cents), 0) from order_items i where i.order_id = o.id)`,
);

type Row = { discount_id: string } & Record<keyof Brought, string | number>;

export async function broughtByDiscount(db: Db): Promise<Map<string, Brought>> {
  // drizzle's execute answers rows in `rows`, on PGlite and node-postgres alike (as waitlist's invariants read them).
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const codes = await rowsOf(sql`
    select u.discount_id,
      count(*) filter (where o.status = 'paid') as orders,
      coalesce(sum(${NET_OF_REFUNDS}) filter (where o.status = 'paid'), 0) as "revenueCents",
      coalesce(sum(u.amount_cents) filter (where o.status = 'paid'), 0) as "discountCents",
      count(*) filter (where o.status = 'pending') as holds
    from discount_uses u join orders o on o.id = u.order_id
    group by u.discount_id`);
  const automatic = await rowsOf(sql`
    with given as (
      select o.id as order_id,
        case d.value->>'kind'
          when 'sibling' then o.pricing_terms->'sibling'->>'id'
          else o.pricing_terms->'multiClass'->>'id'
        end as discount_id,
        sum((d.value->>'cents')::bigint) as cents
      from orders o
      join order_items i on i.order_id = o.id
      cross join lateral jsonb_array_elements(i.discounts) d
      where o.status = 'paid' and d.value->>'kind' in ('sibling', 'multi_class')
      group by 1, 2
    )
    select g.discount_id,
      count(*) as orders,
      coalesce(sum(${NET_OF_REFUNDS}), 0) as "revenueCents",
      coalesce(sum(g.cents), 0) as "discountCents",
      0 as holds
    from given g join orders o on o.id = g.order_id
    where g.discount_id is not null
    group by g.discount_id`);
  const out = new Map<string, Brought>();
  for (const row of [...codes, ...automatic]) {
    out.set(row.discount_id, {
      orders: Number(row.orders),
      revenueCents: Number(row.revenueCents),
      discountCents: Number(row.discountCents),
      holds: Number(row.holds),
    });
  }
  return out;
}

export const broughtOf = (stats: Map<string, Brought>, id: string): Brought => stats.get(id) ?? NOTHING;

export const DISCOUNT_STATES = ["active", "paused", "not_started", "expired", "used_up"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

/**
 * Whether a discount is in force today (academy calendar, the API's clock), or why not: paused
 * first (the admin's choice), then a code's days, then its uses (paid and held, as a checkout
 * counts them).
 */
export function discountState(row: DiscountRow, brought: Brought, today: string): DiscountState {
  if (row.paused) return "paused";
  if (row.kind !== "code") return "active";
  if (row.validFrom !== null && today < row.validFrom) return "not_started";
  if (row.validUntil !== null && today > row.validUntil) return "expired";
  if (row.maxUses !== null && brought.orders + brought.holds >= row.maxUses) return "used_up";
  return "active";
}
