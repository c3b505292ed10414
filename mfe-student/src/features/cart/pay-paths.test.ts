import { describe, expect, it } from "vitest";
import { cartPath, paymentPath, promoCodeOf, singlePaymentPath, withPromoCode } from "./pay-paths";

const ITEM = "0b7f2c1e-5d7a-4c1b-9a57-1e2f3a4b5c6d";

describe("the cart's Pay buttons", () => {
  it("pay for the whole cart, with the code applied on the cart", () => {
    expect(paymentPath()).toBe("/dashboard/payment");
    expect(paymentPath(null)).toBe("/dashboard/payment");
    expect(paymentPath("FLYER15")).toBe("/dashboard/payment?code=FLYER15");
  });

  it("pay for one row with the same code (a row's Pay no longer drops it)", () => {
    expect(singlePaymentPath(ITEM)).toBe(`/dashboard/singlepayment?item=${ITEM}`);
    expect(singlePaymentPath(ITEM, "  ")).toBe(`/dashboard/singlepayment?item=${ITEM}`);
    expect(singlePaymentPath(ITEM, "FLYER15")).toBe(`/dashboard/singlepayment?item=${ITEM}&code=FLYER15`);
  });

  it("lead back to the cart with the code still applied", () => {
    expect(cartPath()).toBe("/dashboard/mydashboard");
    expect(cartPath("BAT20")).toBe("/dashboard/mydashboard?code=BAT20");
    expect(promoCodeOf(new URL(cartPath("BAT20"), "http://localhost").searchParams)).toBe("BAT20");
  });

  it("carry any code as text: escaped in the link, read back as typed", () => {
    const odd = "A&B=C #1";
    const path = singlePaymentPath(ITEM, odd);
    expect(path).toBe(`/dashboard/singlepayment?item=${ITEM}&code=A%26B%3DC+%231`);
    const query = new URL(path, "http://localhost").searchParams;
    expect(query.get("item")).toBe(ITEM);
    expect(promoCodeOf(query)).toBe(odd);
  });

  it("the payment page reads the code as the API does: trimmed, at most 40 characters, none when empty", () => {
    expect(promoCodeOf(new URLSearchParams(""))).toBeUndefined();
    expect(promoCodeOf(new URLSearchParams("code="))).toBeUndefined();
    expect(promoCodeOf(new URLSearchParams("code=%20%20"))).toBeUndefined();
    expect(promoCodeOf(new URLSearchParams("code=%20summer10%20"))).toBe("summer10");
    expect(promoCodeOf(new URLSearchParams(`code=${"X".repeat(60)}`))).toBe("X".repeat(40));
    expect(singlePaymentPath(ITEM, "Y".repeat(60))).toBe(
      `/dashboard/singlepayment?item=${ITEM}&code=${"Y".repeat(40)}`,
    );
  });

  it("a payment page's address follows its code: taken out when the family goes on without it, the row kept", () => {
    const query = new URL(singlePaymentPath(ITEM, "BAT20"), "http://localhost").searchParams;
    const without = withPromoCode(query, null);
    expect(without.toString()).toBe(`item=${ITEM}`);
    expect(promoCodeOf(without)).toBeUndefined();
    expect(query.get("code")).toBe("BAT20");
    expect(withPromoCode(query, "FLYER15").toString()).toBe(`item=${ITEM}&code=FLYER15`);
    expect(withPromoCode(new URLSearchParams("items=a,b"), " x ").toString()).toBe("items=a%2Cb&code=x");
    expect(withPromoCode(new URLSearchParams(""), null).toString()).toBe("");
  });
});
