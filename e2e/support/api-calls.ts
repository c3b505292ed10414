import { expect } from "@playwright/test";
import { API_URL } from "./ports";

/**
 * One API call as a signed-in user (a bearer token), for seeding a spec through the API rather
 * than the pages: fails the test with the API's answer unless it succeeded, else its JSON.
 */
export async function callApi<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * An approved class of a spec's own, made through the API by the seeded instructor and approved
 * by the seeded admin: a spec that takes seats uses one, so the seeded classes' few seats are not
 * used up by whichever specs happened to run first. It runs in the seeded summer (`firstDay`, a
 * day of the seed's template summer), Monday to Friday mornings (or on `weekdays`), for ages 5 to 18
 * (or `ages`; null: open to every age, where a parent may book themselves).
 */
export async function approvedClass(
  tokens: { instructor: string; admin: string },
  options: {
    name: string;
    price: number;
    seats: number;
    sport: string;
    firstDay: string;
    lastDay: string;
    /** Monday to Friday unless given. */
    weekdays?: string[];
    ages?: [number, number] | null;
  },
): Promise<string> {
  const { insertedId } = await callApi<{ insertedId: string }>("POST", "/classes", tokens.instructor, {
    class_name: options.name,
    image: `/images/seed/classes/${options.sport}.svg`,
    available_seats: options.seats,
    price: options.price,
    sport: options.sport,
    start_date: options.firstDay,
    end_date: options.lastDay,
    weekdays: options.weekdays ?? ["mon", "tue", "wed", "thu", "fri"],
    start_time: "09:00",
    end_time: "12:00",
    ...(options.ages !== null && { age_min: options.ages?.[0] ?? 5, age_max: options.ages?.[1] ?? 18 }),
    level: "all",
  });
  await callApi("PATCH", `/classes/${insertedId}/status`, tokens.admin, { status: "approved" });
  return insertedId;
}
