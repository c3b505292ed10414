import { eq } from "drizzle-orm";
import { startTcpRelay, type TcpRelay } from "../../../tools/tcp-relay.mjs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { orders } from "../platform/database/schema.js";
import type { PaymentProvider } from "../booking/index.js";
import { createPaymentProvider } from "./provider.js";
import {
  classId,
  confirmCard,
  createTestDatabaseUrl,
  LEE,
  SAM,
  startTestApi,
  user,
  type TestApi,
} from "../../test/harness.js";
import { INTERRUPTED_SECRET_KEY } from "../../test/stripe-keys.js";

/**
 * Checkouts interrupted between the seat hold and the PaymentIntent, and a payment provider down
 * when a checkout ends: no intent stays open at the provider, no seat stays held, nobody pays twice.
 * The API talks to the real payment sandbox through a TCP relay that can refuse connections
 * ("down") or drop the provider's answers ("timeout": the provider acts, the API never hears).
 * A process killed between two steps is imitated by a create that never returns: nothing after
 * it runs in that request, as when its process is gone.
 */
const RAE = user("rae@example.com");
const SECRET = INTERRUPTED_SECRET_KEY;

const sandboxUrl = () => inject("paymentSandboxUrl");

async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${sandboxUrl()}${path}`, { headers: { authorization: `Bearer ${SECRET}` } });
  return (await res.json()) as T;
}

/** Every PaymentIntent the provider made for an order (its metadata names the order). */
async function intentsOf(orderId: string): Promise<{ id: string; status: string }[]> {
  const list = await sandboxGet<{ data: { data: { object: { id: string; metadata: { orderId?: string } } } }[] }>(
    "/v1/events?type=payment_intent.created&limit=100",
  );
  const ids = list.data.map((e) => e.data.object).filter((pi) => pi.metadata.orderId === orderId);
  return Promise.all(
    ids.map(async ({ id }) => ({
      id,
      status: (await sandboxGet<{ status: string }>(`/v1/payment_intents/${id}`)).status,
    })),
  );
}

async function payByCard(clientSecret: string) {
  expect(await confirmCard(clientSecret)).toBe(200);
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("checkouts interrupted between the seat hold and the payment", () => {
  let api: TestApi & { close(): Promise<void> };
  let relay: TcpRelay;
  let drop: (() => Promise<void>) | undefined;
  /** The step at which the next checkout's process "dies": before or after the provider made the intent. */
  let dieAt: "before-create" | "after-create" | null = null;
  const dead = new Promise<never>(() => {});
  /** Each cancel of an intent that failed (the provider could not be reached), by intent. */
  const failedCancels = new Map<string, number>();

  beforeAll(async () => {
    const target = new URL(sandboxUrl());
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port) });
    const db = await createTestDatabaseUrl();
    drop = db?.drop;
    api = await startTestApi(
      db?.url,
      { STRIPE_SECRET_KEY: SECRET, STRIPE_API_URL: relay.url, RECONCILE_INTERVAL_MS: "300" },
      {
        paymentProvider: (config) => {
          const real = createPaymentProvider(config.payments);
          const faulty: PaymentProvider = Object.create(real) as PaymentProvider;
          faulty.createIntent = async (input) => {
            const fault = dieAt;
            dieAt = null;
            if (fault === "before-create") return dead;
            const intent = await real.createIntent(input);
            return fault === "after-create" ? dead : intent;
          };
          faulty.cancelIntent = async (id) => {
            try {
              return await real.cancelIntent(id);
            } catch (error) {
              failedCancels.set(id, (failedCancels.get(id) ?? 0) + 1);
              throw error;
            }
          };
          return faulty;
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await relay?.close();
    await drop?.();
  });

  const orderOf = async (studentId: string) =>
    (await api.database.db.select().from(orders).where(eq(orders.studentId, studentId))).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
  const heldSeats = async (n: number) =>
    Number(
      (
        (await api.database.db.execute(`select held_seats from classes where id = '${classId(n)}'`)) as unknown as {
          rows: { held_seats: number }[];
        }
      ).rows[0]!.held_seats,
    );
  const addToCart = async (who: { id: string; email: string }, n: number) => {
    const res = await api.call({ method: "POST", url: "/carts", as: who, payload: { classItemId: classId(n) } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const checkout = (who: { id: string; email: string }) =>
    api.call({ method: "POST", url: "/create-payment-intent", as: who, payload: {} });

  it("a process killed after the provider made the intent: the order learns it, is paid once", async () => {
    await addToCart(SAM, 8);
    const seatsBefore = await heldSeats(8);
    dieAt = "after-create";
    void checkout(SAM); // never answers: its process is gone
    const order = await until("the order to learn its intent", async () => {
      const [o] = await orderOf(SAM.id);
      return o?.paymentIntentId ? o : undefined;
    });
    expect(order.status).toBe("pending");
    expect(await heldSeats(8)).toBe(seatsBefore + 1);
    // The student reloads the payment page: the same checkout and intent, not a second one.
    const again = await checkout(SAM);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ orderId: order.id, paymentIntentId: order.paymentIntentId });
    await payByCard(again.json<{ clientSecret: string }>().clientSecret);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: SAM,
      payload: { transactionId: order.paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect(await intentsOf(order.id)).toEqual([{ id: order.paymentIntentId, status: "succeeded" }]);
    expect(await heldSeats(8)).toBe(seatsBefore);
  }, 30_000);

  it("a process killed before the intent: the checkout replaced later leaves no intent open and no seat held", async () => {
    await addToCart(LEE, 3);
    await addToCart(LEE, 4);
    const seatsBefore = await heldSeats(3);
    dieAt = "before-create";
    void checkout(LEE);
    const order = await until("the order", async () => (await orderOf(LEE.id)).find((o) => o.status === "pending"));
    expect(order.paymentIntentId).toBeNull();
    // The reconciler finds (makes) its intent under the order's idempotency key...
    const learned = await until("the intent", async () => (await orderOf(LEE.id)).find((o) => o.paymentIntentId));
    // ...and a different checkout of the student ends the first and cancels it.
    const cartItems = await api.call({ method: "GET", url: `/carts?email=${LEE.email}`, as: LEE });
    const four = cartItems.json<{ _id: string; classItemId: string }[]>().find((c) => c.classItemId === classId(4))!;
    const other = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: LEE,
      payload: { cartItemIds: [four._id] },
    });
    expect(other.statusCode, other.body).toBe(201);
    // Both orders share their hold's start (a class in common): the first is found by its id.
    const first = (await orderOf(LEE.id)).find((o) => o.id === learned.id);
    expect(first).toMatchObject({ id: learned.id, status: "failed", cancelPending: false });
    expect(await intentsOf(learned.id)).toEqual([{ id: learned.paymentIntentId, status: "canceled" }]);
    expect(await heldSeats(3)).toBe(seatsBefore);
  }, 30_000);

  it("the provider down when checkouts end: they stay cancel-pending until it is back, then every intent is canceled", async () => {
    await addToCart(RAE, 5);
    await addToCart(RAE, 6);
    const opened = await checkout(RAE);
    expect(opened.statusCode, opened.body).toBe(201);
    const firstIntent = opened.json<{ paymentIntentId: string; orderId: string }>();
    relay.set("down");
    // A different selection replaces the checkout; its intent cannot be canceled now, nor a new one made.
    const cartItems = await api.call({ method: "GET", url: `/carts?email=${RAE.email}`, as: RAE });
    const six = cartItems.json<{ _id: string; classItemId: string }[]>().find((c) => c.classItemId === classId(6))!;
    const failed = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: RAE,
      payload: { cartItemIds: [six._id] },
    });
    expect(failed.statusCode, failed.body).toBe(502);
    const ended = await orderOf(RAE.id);
    expect(ended.map((o) => [o.status, o.cancelPending])).toEqual([
      ["failed", true],
      ["failed", true],
    ]);
    expect(await heldSeats(5)).toBe(0);
    expect(await heldSeats(6)).toBe(0);
    // Two reconciler passes try to cancel the first intent and fail: the orders keep their pending cancel.
    const failedByNow = failedCancels.get(firstIntent.paymentIntentId) ?? 0;
    await until(
      "two reconciler passes to fail to cancel",
      async () => (failedCancels.get(firstIntent.paymentIntentId) ?? 0) >= failedByNow + 2,
    );
    expect((await orderOf(RAE.id)).map((o) => [o.status, o.cancelPending])).toEqual([
      ["failed", true],
      ["failed", true],
    ]);
    expect((await intentsOf(firstIntent.orderId))[0]!.status).toBe("requires_payment_method");

    relay.set("up");
    await until("the provider to confirm", async () => (await orderOf(RAE.id)).every((o) => !o.cancelPending));
    expect(await intentsOf(firstIntent.orderId)).toEqual([{ id: firstIntent.paymentIntentId, status: "canceled" }]);
    for (const o of await orderOf(RAE.id)) {
      for (const pi of await intentsOf(o.id)) expect(pi.status).toBe("canceled");
    }
  }, 60_000);

  it("a create whose answer is lost (a timeout): the intent the provider made is found and canceled", async () => {
    const before = (await orderOf(RAE.id)).length;
    relay.set("timeout");
    const res = await checkout(RAE);
    expect(res.statusCode, res.body).toBe(502);
    const order = (await orderOf(RAE.id))[before]!;
    expect(order).toMatchObject({ status: "failed", cancelPending: true, paymentIntentId: null });
    // The provider made it (the SDK's retries got the same one, under the order's key).
    expect((await intentsOf(order.id)).map((pi) => pi.status)).toEqual(["requires_payment_method"]);
    relay.set("up");
    const closed = await until("the order to close its intent", async () => {
      const o = (await orderOf(RAE.id))[before]!;
      return !o.cancelPending && o;
    });
    expect(closed.paymentIntentId).not.toBeNull();
    expect(await intentsOf(order.id)).toEqual([{ id: closed.paymentIntentId, status: "canceled" }]);
    expect(await heldSeats(5)).toBe(0);
  }, 60_000);
});
