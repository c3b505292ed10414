import { expect, type Page } from "@playwright/test";
import { API_URL } from "./ports";

// The classes of the public site as the specs of its pages read them (public-site.spec.ts,
// public-site-pages.spec.ts, public-site-booking.spec.ts): the API's public list, and a class's card on a page.

export interface WireClass {
  _id: string;
  class_name: string;
  available_seats: number;
  enrolled_seats: number;
}

export async function publicClasses(page: Page): Promise<WireClass[]> {
  const res = await page.request.get(`${API_URL}/classes`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as WireClass[];
}

export const classCard = (page: Page, name: string) =>
  page.getByTestId("class-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
