import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classes } from "../platform/database/schema.js";
import { EMAIL_NOT_VERIFIED } from "./routes.js";
import { confirmEmail, signIn, signInWithGoogle, signUp, uniqueEmail } from "../../test/emulator-accounts.js";
import { classId, SAM, useTestApi } from "../../test/harness.js";
import { GUARDIAN } from "../../test/families.js";

/**
 * Confirmed payers (decision 028): an e-mail/password account pays only once its address is
 * confirmed, as Firebase's `email_verified` claim says at POST /jwt; the API keeps it with the user
 * and the checkout refuses an unconfirmed one with 403 and plain words, holding nothing.
 */
describe("paying needs a confirmed e-mail address", () => {
  const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_SIGN_IN_PER_ADDRESS: "1000" });
  const CLASS = classId(12);

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
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) =>
    (await api.app.inject({ method: "GET", url: "/users/me", headers: as(token) })).json<{ emailVerified: boolean }>();
  const book = (token: string) =>
    api.app.inject({ method: "POST", url: "/carts", headers: as(token), payload: { classItemId: CLASS } });
  const checkout = (token: string) =>
    api.app.inject({ method: "POST", url: "/create-payment-intent", headers: as(token), payload: {} });
  const held = async () =>
    (await api.database.db.select({ n: classes.heldSeats }).from(classes).where(eq(classes.id, CLASS)))[0]?.n;

  it("an unconfirmed address may book a class but not open a checkout; once confirmed, the next sign-in lets it pay", async () => {
    const email = uniqueEmail("unconfirmed");
    const token = await exchange(await signUp(email), email);
    expect(await me(token)).toMatchObject({ email, emailVerified: false });
    const guardian = { first: GUARDIAN };
    expect(
      (await api.app.inject({ method: "PUT", url: "/guardians", headers: as(token), payload: guardian })).statusCode,
    ).toBe(200);
    expect((await book(token)).statusCode).toBe(201);

    const before = await held();
    const refused = await checkout(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "Forbidden", message: EMAIL_NOT_VERIFIED });
    expect(await held()).toBe(before);

    await confirmEmail(email);
    // The ID token the browser already has still says "not confirmed": the site asks for a fresh one.
    const fresh = await exchange(await signIn(email), email);
    expect(await me(fresh)).toMatchObject({ emailVerified: true });
    // It is the account that is confirmed: the token from before the confirmation may pay too.
    const opened = await checkout(token);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await held()).toBe((before ?? 0) + 1);
  });

  it("a Google account is confirmed by Google", async () => {
    const email = uniqueEmail("google");
    const token = await exchange(await signInWithGoogle(email, "Gale Google"), email);
    expect(await me(token)).toMatchObject({ email, emailVerified: true });
  });

  it("the seeded accounts are confirmed (their sign-ins are seeded so)", async () => {
    const res = await api.call({ method: "GET", url: "/users/me", as: SAM });
    expect(res.json()).toMatchObject({ email: SAM.email, emailVerified: true });
  });
});
