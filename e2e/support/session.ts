import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";

/** The seed users of the API (api/src/seed.ts). */
export const SEED = {
  admin: { id: "00000000-0000-4000-8000-000000000001", email: "admin@summitsports.academy", name: "Avery Admin" },
  instructor: { id: "00000000-0000-4000-8000-000000000002", email: "maya@summitsports.academy", name: "Maya Torres" },
  student: { id: "00000000-0000-4000-8000-000000000008", email: "sam@example.com", name: "Sam Student" },
};

/** The local API's signing secret (api/src/config.ts, development default). */
const SECRET = process.env.JWT_SECRET ?? "local-development-secret-change-me-in-production";

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString("base64url");

/** An access token as the API issues it, so a test starts signed in without the sign-in form. */
export function accessToken(user: { id: string; email: string }, expiresInSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: user.id, email: user.email, iat: now, exp: now + expiresInSeconds })}`;
  return `${head}.${b64(createHmac("sha256", SECRET).update(head).digest())}`;
}

export async function signInAs(page: Page, user: { id: string; email: string }, token = accessToken(user)) {
  await page.addInitScript((t) => localStorage.setItem("access-token", t), token);
}
