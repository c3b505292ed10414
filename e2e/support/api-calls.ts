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
