import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SESSION_ENDED } from "../platform/access/plugin.js";
import { notificationPreferences, revokedAccessTokens, users } from "../platform/database/schema.js";
import { signIn, signUp, uniqueEmail } from "../../test/emulator-accounts.js";
import { ADMIN, JONAS, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * Sessions end on the server (decision 028): an access token is valid for an hour, so signing out must end it
 * on the server, and an admin must be able to end every session of a user (a lost phone, a token
 * copied by a script). Accounts are real Auth Emulator sign-ins, exchanged at POST /jwt as the
 * browser does.
 */
describe("ending sessions on the server", () => {
  // Many exchanges from one address in a few seconds: the limit is tested elsewhere.
  const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_SIGN_IN_PER_ADDRESS: "1000" });

  async function exchange(idToken: string, email: string): Promise<string> {
    const res = await api.call({
      method: "POST",
      url: "/jwt",
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) => api.app.inject({ method: "GET", url: "/users/me", headers: bearer(token) });
  const logout = (token: string) => api.app.inject({ method: "POST", url: "/logout", headers: bearer(token) });
  const idOf = async (token: string) => (await me(token)).json<{ _id: string }>()._id;

  it("a token stops working once its holder signs out; their other device stays signed in and a new sign-in works", async () => {
    const email = uniqueEmail("leaver");
    const laptop = await exchange(await signUp(email), email);
    const phone = await exchange(await signIn(email), email);
    expect((await me(laptop)).statusCode).toBe(200);

    const out = await logout(laptop);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });

    // The same token replayed (copied before the sign-out) is refused everywhere, logout included.
    const replayed = await me(laptop);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ error: "Unauthorized", message: SESSION_ENDED });
    const cart = await api.app.inject({ method: "GET", url: `/carts?email=${email}`, headers: bearer(laptop) });
    expect(cart.statusCode).toBe(401);
    expect((await logout(laptop)).statusCode).toBe(401);

    expect((await me(phone)).statusCode).toBe(200);
    const again = await exchange(await signIn(email), email);
    expect((await me(again)).statusCode).toBe(200);
  });

  it("a token signed without an id (before tokens carried one) cannot be named alone: signing out ends every token of the account", async () => {
    const email = uniqueEmail("old-token");
    const current = await exchange(await signUp(email), email);
    const id = await idOf(current);
    const old = api.token({ id, email });
    expect((await me(old)).statusCode).toBe(200);

    expect((await logout(old)).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(401);
    const again = await exchange(await signIn(email), email);
    expect((await me(again)).statusCode).toBe(200);
  });

  it("keeps a signed-out token's record only until the token would have expired anyway", async () => {
    const email = uniqueEmail("tidy");
    const token = await exchange(await signUp(email), email);
    const id = await idOf(token);
    const { db } = api.database;
    const stale = "00000000-0000-4000-8000-0000000051a1";
    await db.insert(revokedAccessTokens).values({ jti: stale, userId: id, expiresAt: new Date(Date.now() - 1000) });

    expect((await logout(token)).statusCode).toBe(200);
    const rows = await db
      .select({ jti: revokedAccessTokens.jti, expiresAt: revokedAccessTokens.expiresAt })
      .from(revokedAccessTokens)
      .where(eq(revokedAccessTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.jti).not.toBe(stale);
    // About the token's own lifetime (1 h) from now.
    expect(Math.abs(rows[0]!.expiresAt.getTime() - (Date.now() + 3_600_000))).toBeLessThan(60_000);
  });

  it("an admin ends every session of a user: each device's token, and the Firebase sign-in, so the browser cannot quietly sign in again; the password still works", async () => {
    const email = uniqueEmail("lost-phone");
    const laptop = await exchange(await signUp(email), email);
    const phoneIdToken = await signIn(email);
    const phone = await exchange(phoneIdToken, email);
    const id = await idOf(laptop);
    // Firebase counts revocation in whole seconds: an ID token from the same second would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const ended = await api.call({ method: "POST", url: `/users/${id}/sessions/revoke`, as: ADMIN });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ sessionsEnded: true, signInRevoked: true });

    for (const token of [laptop, phone]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SESSION_ENDED);
    }
    // The phone's Firebase session cannot buy a new access token with the ID token it holds.
    const rebuy = await api.call({
      method: "POST",
      url: "/jwt",
      headers: bearer(phoneIdToken),
      payload: { email },
    });
    expect(rebuy.statusCode).toBe(401);

    const again = await exchange(await signIn(email), email);
    const back = await me(again);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ email, role: "student" });
  });

  it("ending a user's sessions leaves everyone else signed in; an unknown user is 404; students and instructors may not", async () => {
    const ended = await api.call({ method: "POST", url: `/users/${JONAS.id}/sessions/revoke`, as: ADMIN });
    // Jonas has no sign-in on this emulator: his tokens end, and the answer says Firebase had none to end.
    expect(ended.json()).toEqual({ sessionsEnded: true, signInRevoked: false });
    expect((await api.call({ method: "GET", url: "/users/me", as: JONAS })).statusCode).toBe(401);
    expect((await api.call({ method: "GET", url: "/users/me", as: SAM })).statusCode).toBe(200);
    expect((await api.call({ method: "GET", url: "/users/me", as: ADMIN })).statusCode).toBe(200);

    const unknown = await api.call({
      method: "POST",
      url: "/users/00000000-0000-4000-8000-00000000beef/sessions/revoke",
      as: ADMIN,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("There is no such user.");
    for (const who of [SAM, MAYA]) {
      const refused = await api.call({ method: "POST", url: `/users/${ADMIN.id}/sessions/revoke`, as: who });
      expect(refused.statusCode).toBe(403);
    }
    expect((await api.call({ method: "GET", url: "/users/me", as: ADMIN })).statusCode).toBe(200);
    const [jonas] = await api.database.db
      .select({ generation: users.sessionGeneration })
      .from(users)
      .where(eq(users.id, JONAS.id));
    expect(jonas?.generation).toBe(1);
  });

  it("ending every session replaces the calendar feed's secret: the old address answers 404, the new one works, and no feed is made for a user without one", async () => {
    const feedOf = async (token: string) => {
      const made = await api.app.inject({
        method: "POST",
        url: "/notification-settings/calendar-feed",
        headers: bearer(token),
      });
      expect(made.statusCode, made.body).toBe(200);
      return new URL(made.json<{ calendarFeedUrl: string }>().calendarFeedUrl.replace(/^webcal:/, "http:")).pathname;
    };
    const feedPathOf = async (id: string) => {
      const [row] = await api.database.db
        .select({ token: notificationPreferences.calendarToken })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, id));
      return row?.token ? `/calendar/${row.token}.ics` : null;
    };
    const fetchFeed = async (path: string) => (await api.app.inject({ method: "GET", url: path })).statusCode;

    // An admin's "Sign out everywhere".
    const email = uniqueEmail("feed-owner");
    const token = await exchange(await signUp(email), email);
    const id = await idOf(token);
    const old = await feedOf(token);
    expect(await fetchFeed(old)).toBe(200);
    const ended = await api.call({ method: "POST", url: `/users/${id}/sessions/revoke`, as: ADMIN });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await fetchFeed(old)).toBe(404);
    const renewed = await feedPathOf(id);
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(old);
    expect(await fetchFeed(renewed!)).toBe(200);

    // Signing out with a token that ends every session of the account (one signed without an id).
    const otherEmail = uniqueEmail("old-token-feed");
    const current = await exchange(await signUp(otherEmail), otherEmail);
    const otherId = await idOf(current);
    const otherOld = await feedOf(current);
    expect((await logout(api.token({ id: otherId, email: otherEmail }))).statusCode).toBe(200);
    expect(await fetchFeed(otherOld)).toBe(404);

    // A user who never asked for a feed gets none.
    const noFeedEmail = uniqueEmail("no-feed");
    const noFeedId = await idOf(await exchange(await signUp(noFeedEmail), noFeedEmail));
    expect((await api.call({ method: "POST", url: `/users/${noFeedId}/sessions/revoke`, as: ADMIN })).statusCode).toBe(
      200,
    );
    expect(await feedPathOf(noFeedId)).toBeNull();
  });
});
