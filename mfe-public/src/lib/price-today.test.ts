import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SeatPrice, TodayPrice } from "../components/price-today";
import { academyDay, dayInWords, priceToday, priceTodayText } from "./price-today";

// A class at $139 with $119 until 1 March 2027, as the API answers it on 20 February 2027.
const early = { price: 139, price_today: 119, price_today_until: "2027-03-01" };
const plain = { price: 139, price_today: 139, price_today_until: null };

/** The text a screen reader reads, in order: the markup without its tags. */
const spoken = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("today's price of a class", () => {
  it("is the API's price_today until its last day, included, then the full price", () => {
    expect(priceToday(early, "2027-02-20")).toEqual({ now: 119, until: "2027-03-01", then: 139 });
    expect(priceToday(early, "2027-03-01")).toEqual({ now: 119, until: "2027-03-01", then: 139 });
    // A page open since yesterday's answer: never yesterday's early price after it ended.
    expect(priceToday(early, "2027-03-02")).toEqual({ now: 139, until: null, then: 139 });
    expect(priceToday(plain, "2027-02-20")).toEqual({ now: 139, until: null, then: 139 });
  });

  it("takes the API's figure, not one worked out again from early_price", () => {
    // The API said the full price today (its clock is past the early price): the page agrees.
    const ended = {
      price: 139,
      early_price: 119,
      early_price_until: "2027-03-01",
      price_today: 139,
      price_today_until: null,
    };
    expect(priceToday(ended, "2027-02-20").now).toBe(139);
  });

  it("says it in one sentence, dates as the cart names them (the year only when not this one)", () => {
    expect(priceTodayText(priceToday(early, "2027-02-20"), "2027-02-20")).toBe("$119 until 1 March, then $139");
    expect(priceTodayText(priceToday(early, "2026-12-20"), "2026-12-20")).toBe("$119 until 1 March 2027, then $139");
    expect(priceTodayText(priceToday(plain, "2027-02-20"), "2027-02-20")).toBe("$139");
    expect(priceTodayText({ now: 119.5, until: "2027-03-01", then: 139.99 }, "2027-01-01")).toBe(
      "$119.50 until 1 March, then $139.99",
    );
    expect(dayInWords("2027-12-31", "2027-01-01")).toBe("31 December");
  });

  it("reads today on the academy's calendar (Portland), whatever the device's zone", () => {
    // 05:00 UTC on 2 March is still 1 March in Portland (UTC-8 in winter).
    expect(academyDay(Date.parse("2027-03-02T05:00:00Z"))).toBe("2027-03-01");
    expect(academyDay(Date.parse("2027-03-02T08:00:00Z"))).toBe("2027-03-02");
  });
});

describe("the price as pages show it", () => {
  it('reads as the sentence, today\'s price first (never "$139 $119")', () => {
    const thisYear = academyDay().slice(0, 4);
    const item = { price: 139, price_today: 119, price_today_until: `${thisYear}-12-31` };
    expect(spoken(renderToStaticMarkup(createElement(TodayPrice, { item })))).toBe("$119 until 31 December, then $139");
    expect(spoken(renderToStaticMarkup(createElement(TodayPrice, { item, large: true })))).toBe(
      "$119 until 31 December, then $139",
    );
    expect(spoken(renderToStaticMarkup(createElement(SeatPrice, { item })))).toBe(
      "$119 a seat until 31 December, then $139",
    );
    expect(spoken(renderToStaticMarkup(createElement(TodayPrice, { item: plain })))).toBe("$139");
    expect(spoken(renderToStaticMarkup(createElement(SeatPrice, { item: plain })))).toBe("$139 a seat");
  });
});
