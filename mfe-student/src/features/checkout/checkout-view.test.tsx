import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CartItem, CartQuote, Checkout } from "shared-auth";
import { sampleCartLine } from "shared-auth/testing/fixtures";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import PaymentPage from "../../pages/payment-page";
import SinglePaymentPage from "../../pages/single-payment-page";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetPage();
});

const TENNIS = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";
const SWIM = "2c8e7cde-ccfe-4c3e-8c6e-bc9efccd5cfe";
const cart: CartItem[] = [
  sampleCartLine({
    _id: TENNIS,
    classItemId: "c-tennis",
    class_name: "Junior Tennis",
    price: 250,
    camperId: "mia",
    camper_name: "Mia Rivera",
  }),
  sampleCartLine({
    _id: SWIM,
    classItemId: "c-swim",
    class_name: "Swim Starters",
    price: 180,
    camperId: "leo",
    camper_name: "Leo Rivera",
  }),
];

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** The whole cart's checkout: a sibling discount on each line, $387.50 in all. */
function wholeCart(orderId = "order-1", changes: Partial<Checkout> = {}): Checkout {
  return {
    clientSecret: `${orderId}_secret`,
    paymentIntentId: `pi_${orderId}`,
    orderId,
    amount: 387.5,
    currency: "usd",
    expiresAt: inMinutes(10),
    maxExpiresAt: inMinutes(45),
    items: [
      {
        cartItemId: TENNIS,
        classItemId: "c-tennis",
        class_name: "Junior Tennis",
        camper_name: "Mia Rivera",
        price: 225,
        listPriceCents: 25000,
        priceCents: 22500,
        discounts: [{ kind: "sibling", name: "Sibling discount", cents: 2500 }],
      },
      {
        cartItemId: SWIM,
        classItemId: "c-swim",
        class_name: "Swim Starters",
        camper_name: "Leo Rivera",
        price: 162.5,
        listPriceCents: 18000,
        priceCents: 16250,
        discounts: [{ kind: "sibling", name: "Sibling discount", cents: 1750 }],
      },
    ],
    subtotalCents: 43000,
    discountCents: 4250,
    totalCents: 38750,
    promoCode: null,
    ...changes,
  };
}

function quote(code: CartQuote["code"]): CartQuote {
  const co = wholeCart();
  return {
    items: co.items.map((i) => ({
      cartItemId: i.cartItemId,
      classItemId: i.classItemId,
      class_name: i.class_name,
      camper_name: i.camper_name,
      listPriceCents: i.listPriceCents!,
      priceCents: i.priceCents!,
      discounts: i.discounts!,
    })),
    subtotalCents: 43000,
    discountCents: 4250,
    totalCents: 38750,
    code,
    rule: "Family discounts first, then a promo code.",
    paymentPlans: [],
  };
}

beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  api.on("GET /carts", { body: cart });
  api.on("POST /create-payment-intent", { body: wholeCart() });
  api.on("POST /carts/quote", { body: quote(null) });
});

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <AppProviders path={path}>{path.includes("singlepayment") ? <SinglePaymentPage /> : <PaymentPage />}</AppProviders>,
  );
  return user;
}

const opened = () => api.calls("POST /create-payment-intent");

describe("CheckoutView", () => {
  it("shows whose seat each class is, each line's full price and discounts, and the server's total in dollars", async () => {
    renderAt("/dashboard/payment");
    const amount = await screen.findByTestId("checkout-amount");
    expect(amount.textContent).toBe("$387.50");
    expect(screen.getByText("Total (USD)")).toBeTruthy();
    expect(screen.getByTestId("checkout-discounts").textContent).toBe("−$42.50");
    expect(screen.getAllByTestId("checkout-camper").map((e) => e.textContent)).toEqual([
      "for Mia Rivera",
      "for Leo Rivera",
    ]);
    const [tennis] = screen.getAllByTestId("line-price");
    expect(tennis!.textContent).toBe("Full price $250.00Sibling discount: −$25.00You pay $225.00");
    // The whole cart is held, with no code.
    expect(opened().map((r) => r.body)).toEqual([{}]);
    // No card form is configured on this page: it says so rather than take a payment.
    expect(screen.getByRole("alert").textContent).toBe(
      "Card payments are not available on this site right now. Nothing was charged.",
    );
  });

  it("an empty cart says there is nothing to pay and holds no seat", async () => {
    api.on("GET /carts", { body: [] });
    renderAt("/dashboard/payment");
    expect(await screen.findByRole("heading", { name: "Nothing to pay for" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse classes" }).getAttribute("href")).toBe("/classes");
    expect(opened()).toHaveLength(0);
  });

  it("an address not confirmed yet is asked to confirm it first, and no seat is held", async () => {
    signInAs("student", api, { email: "parent@example.com", emailVerified: false });
    renderAt("/dashboard/payment");
    expect(await screen.findByRole("heading", { name: "Confirm your e-mail address to pay" })).toBeTruthy();
    expect(opened()).toHaveLength(0);
  });

  it("a checkout the server refuses (a class is full) says why and that nothing was charged, with the way back to the cart", async () => {
    api.on("POST /create-payment-intent", {
      status: 409,
      body: { error: "Conflict", message: "Junior Tennis has no seat left." },
    });
    renderAt("/dashboard/payment");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "This payment cannot start" })).toBeTruthy();
    expect(within(alert).getByText("Junior Tennis has no seat left. Nothing was charged.")).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "Back to my cart" }).getAttribute("href")).toBe(
      "/dashboard/mydashboard",
    );
  });

  it("a promo code is tried on a quote first: Apply says Checking… meanwhile, and a refused code shows the server's reason and holds nothing new", async () => {
    const answer = gate();
    api.on("POST /carts/quote", async () => {
      await answer.promise;
      return {
        body: quote({
          code: "OLDCODE",
          name: "",
          summary: "",
          applied: false,
          reason: "This code expired on 1 June.",
          cents: 0,
        }),
      };
    });
    const user = renderAt("/dashboard/payment");
    await screen.findByTestId("checkout-amount");
    await user.type(screen.getByLabelText("Promo code"), " OLDCODE ");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    const checking = (await screen.findByRole("button", { name: "Checking…" })) as HTMLButtonElement;
    expect(checking.disabled).toBe(true);
    answer.open();
    await waitFor(() => expect(screen.getByTestId("promo-verdict").textContent).toBe("This code expired on 1 June."));
    // The code is tried on a quote of its own (the page's other quote lists the payment plans).
    expect(api.calls("POST /carts/quote").filter((c) => "promoCode" in (c.body as object))[0]!.body).toEqual({
      cartItemIds: [TENNIS, SWIM],
      promoCode: "OLDCODE",
    });
    expect(opened()).toHaveLength(1);
    expect(screen.getByTestId("checkout-amount").textContent).toBe("$387.50");
  });

  it("a code that applies opens the checkout with it: what it takes off and the new total show in dollars", async () => {
    api.on("POST /carts/quote", {
      body: quote({
        code: "SUMMER20",
        name: "Summer",
        summary: "$20.00 off",
        applied: true,
        reason: null,
        cents: 2000,
      }),
    });
    api.on("POST /create-payment-intent", ({ body }) => ({
      body: (body as { promoCode?: string }).promoCode
        ? wholeCart("order-2", { amount: 367.5, discountCents: 6250, totalCents: 36750, promoCode: "SUMMER20" })
        : wholeCart(),
    }));
    const user = renderAt("/dashboard/payment");
    await screen.findByTestId("checkout-amount");
    await user.type(screen.getByLabelText("Promo code"), "SUMMER20");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    await waitFor(() => expect(screen.getByTestId("checkout-amount").textContent).toBe("$367.50"));
    expect(screen.getByTestId("checkout-discounts").textContent).toBe("−$62.50");
    expect(screen.getByTestId("promo-verdict").textContent).toBe("SUMMER20: $20.00 off, $20.00 off this order.");
    expect(opened().map((r) => r.body)).toEqual([{}, { promoCode: "SUMMER20" }]);
    expect(screen.getByRole("button", { name: "Remove code" })).toBeTruthy();
  });

  it("paying one class with a cart code not meant for it: refused before any seat is held, and going on without the code opens its checkout", async () => {
    api.on("POST /create-payment-intent", ({ body }) =>
      (body as { promoCode?: string }).promoCode
        ? { status: 400, body: { error: "Bad Request", message: "This code is not for this class." } }
        : {
            body: wholeCart("order-3", {
              amount: 250,
              items: [{ ...wholeCart().items[0]!, price: 250, priceCents: 25000, discounts: [] }],
              discountCents: 0,
            }),
          },
    );
    const user = renderAt(`/dashboard/singlepayment?item=${TENNIS}&code=SUMMER20`);
    const refused = await screen.findByTestId("code-refused");
    expect(
      within(refused).getByRole("heading", { name: "The code SUMMER20 cannot be used for this class" }),
    ).toBeTruthy();
    expect(within(refused).getByText("This code is not for this class. Nothing was charged.")).toBeTruthy();
    expect(within(refused).getByText("Junior Tennis")).toBeTruthy();

    await user.click(within(refused).getByRole("button", { name: "Continue without the code" }));
    await waitFor(() => expect(screen.getByTestId("checkout-amount").textContent).toBe("$250.00"));
    expect(opened().map((r) => r.body)).toEqual([
      { cartItemIds: [TENNIS], promoCode: "SUMMER20" },
      { cartItemIds: [TENNIS] },
    ]);
    // Alone, the class loses the sibling discount it has in the whole cart: the page says so.
    expect(screen.getByTestId("paid-alone").textContent).toMatch(/^Paid alone, this class costs \$250\.00/);
  });

  it("Extend says Extending… while the server works, then announces the new end; at the hold's limit it is no longer offered", async () => {
    const answer = gate();
    const limit = inMinutes(45);
    api.on("POST /create-payment-intent", { body: wholeCart("order-4", { maxExpiresAt: limit }) });
    api.on("POST /checkouts/order-4/extend", async () => {
      await answer.promise;
      return { body: { orderId: "order-4", expiresAt: limit, maxExpiresAt: limit } };
    });
    const user = renderAt("/dashboard/payment");
    await user.click(await screen.findByRole("button", { name: "Extend" }));
    const extending = (await screen.findByRole("button", { name: "Extending…" })) as HTMLButtonElement;
    expect(extending.disabled).toBe(true);
    answer.open();
    expect(
      await screen.findByText(/^Extended: your seats are held until .+, the longest this checkout can hold them\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Extend/ })).toBeNull();
    expect(screen.getByText(/^This hold cannot be extended further/)).toBeTruthy();
    expect(api.calls("POST /checkouts/order-4/extend")).toHaveLength(1);
  });

  it("a hold that ran out says the seats were released and nothing was charged; Start again holds them anew", async () => {
    const again = gate();
    let round = 0;
    api.on("POST /create-payment-intent", async () => {
      round += 1;
      if (round === 1) return { body: wholeCart("order-5", { expiresAt: inMinutes(-0.1) }) };
      await again.promise;
      return { body: wholeCart("order-6") };
    });
    const user = renderAt("/dashboard/payment");
    const heading = await screen.findByRole("heading", { name: "Your hold ran out" });
    const alert = heading.closest<HTMLElement>("[role=alert]")!;
    expect(within(alert).getByText(/were released, and nothing was charged/)).toBeTruthy();

    await user.click(within(alert).getByRole("button", { name: "Start again" }));
    const starting = (await screen.findByRole("button", { name: "Starting again…" })) as HTMLButtonElement;
    expect(starting.disabled).toBe(true);
    again.open();
    expect(await screen.findByRole("timer")).toBeTruthy();
    expect(screen.getByTestId("checkout-amount").textContent).toBe("$387.50");
    expect(opened()).toHaveLength(2);
  });

  it("offers Pay in full or a plan: choosing the plan opens the checkout for its deposit, with its schedule and consent", async () => {
    const plan = {
      _id: "plan-1",
      name: "Two payments",
      summary: "50% today, the rest 21 days before the first day",
      schedule: [
        { due: "2027-01-01", amountCents: 19375, deposit: true },
        { due: "2027-06-07", amountCents: 19375, deposit: false },
      ],
    };
    api.on("POST /carts/quote", { body: { ...quote(null), paymentPlans: [plan] } });
    api.on("POST /create-payment-intent", ({ body }) =>
      (body as { paymentPlanId?: string }).paymentPlanId === "plan-1"
        ? {
            body: wholeCart("order-plan", {
              amount: 193.75,
              plan: {
                ...plan,
                consent: "By paying the deposit you authorise the academy to charge $193.75 on Jun 7, 2027.",
              },
            }),
          }
        : { body: wholeCart() },
    );
    const user = renderAt("/dashboard/payment");
    const choice = await screen.findByRole("group", { name: "How would you like to pay?" });
    expect((within(choice).getByRole("radio", { name: /Pay in full/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(choice)
        .getByRole("radio", { name: /Two payments/ })
        .closest("label")!.textContent,
    ).toContain("$193.75 today, then 1 payment (50% today, the rest 21 days before the first day)");
    await user.click(within(choice).getByRole("radio", { name: /Two payments/ }));

    const schedule = await screen.findByTestId("plan-schedule");
    expect(schedule.textContent).toContain("Today (deposit)$193.75");
    expect(schedule.textContent).toContain("7 June 2027$193.75");
    expect(schedule.textContent).toContain("authorise the academy to charge $193.75");
    expect(screen.getByText("Due today")).toBeTruthy();
    expect(screen.getByTestId("checkout-amount").textContent).toBe("$193.75");
    expect(screen.getByTestId("checkout-total").textContent).toBe("$387.50");
    expect(opened().map((r) => r.body)).toEqual([{}, { paymentPlanId: "plan-1" }]);
  });

  it("a plan no longer offered says why and goes back to paying in full", async () => {
    const plan = { _id: "plan-2", name: "Paused plan", summary: "25% today, the rest later", schedule: [] };
    api.on("POST /carts/quote", { body: { ...quote(null), paymentPlans: [plan] } });
    api.on("POST /create-payment-intent", ({ body }) =>
      (body as { paymentPlanId?: string }).paymentPlanId
        ? {
            status: 400,
            body: {
              error: "Bad Request",
              message: "This payment plan is not offered any more: choose another way to pay.",
            },
          }
        : { body: wholeCart() },
    );
    const user = renderAt("/dashboard/payment");
    await user.click(await screen.findByRole("radio", { name: /Paused plan/ }));
    const refused = await screen.findByRole("alert");
    expect(refused.textContent).toContain("This payment plan is not offered any more");
    await user.click(within(refused).getByRole("button", { name: "Pay in full instead" }));
    await waitFor(() => expect(screen.getByTestId("checkout-amount").textContent).toBe("$387.50"));
  });
});
