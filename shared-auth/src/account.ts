import { api } from "./api-client";
import { loadFirebaseAuth } from "./firebase";
import { logOut, syncSession } from "./session";
import { academyStore } from "./store";
import type { AccountDeleted, OwnUser } from "./wire";

/** A Google account offered by the local account chooser (the emulator cannot reach Google). */
export interface GoogleTestAccount {
  email: string;
  name: string;
}

async function refreshRecord(): Promise<void> {
  const { data } = await api.get<OwnUser>("/users/me");
  const current = academyStore.getState().user;
  academyStore.setState({
    user: { ...current, email: data.email, displayName: data.name, photoURL: data.photo || null },
  });
}

/** E-mail and password sign-in; resolves once the API session is ready (role known). */
export async function signIn(email: string, password: string): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
  await syncSession(user);
}

/**
 * Sign-up: the Firebase account, its display name and photo, then the product's record
 * (spec section 7: POST /users with name, e-mail and photo after sign-up).
 */
export async function signUp(input: { name: string; email: string; password: string; photoURL: string }) {
  const { auth, sdk } = await loadFirebaseAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
  await sdk.updateProfile(user, { displayName: input.name.trim(), photoURL: input.photoURL.trim() });
  // The address must be confirmed before paying (decision 028): the link goes out with the sign-up.
  // A failure to send it does not undo the account; the payment page can send it again.
  sdk.sendEmailVerification(user).catch((error: unknown) => {
    console.error("[account] the verification e-mail could not be sent", error);
  });
  await syncSession(user);
  await api.post("/users", { name: input.name.trim(), email: user.email, photo: input.photoURL.trim() });
  await refreshRecord();
}

/** True when Google sign-in must go through the local account chooser instead of Google's popup. */
export async function usesAccountChooser(): Promise<boolean> {
  return (await loadFirebaseAuth({ googlePopup: true })).emulator;
}

/**
 * Called where a "Continue with Google" button shows (production only): Firebase loads and sets up
 * Google's popup before the click, as the browser wants the popup opened straight from it.
 */
export function prepareGoogleSignIn(): void {
  if (academyStore.getState().env?.authEmulatorUrl) return;
  loadFirebaseAuth({ googlePopup: true }).catch(() => undefined);
}

/**
 * Google sign-in: Google's popup in production; against the emulator, the account picked in
 * the local chooser, as a Google credential the emulator accepts. The record gets name and e-mail.
 */
export async function signInWithGoogle(account?: GoogleTestAccount): Promise<void> {
  const { auth, sdk, emulator } = await loadFirebaseAuth({ googlePopup: true });
  let result;
  if (emulator) {
    if (!account) throw new Error("Choose a Google account to continue.");
    const claims = { sub: `google-${account.email}`, email: account.email, name: account.name, email_verified: true };
    result = await sdk.signInWithCredential(auth, sdk.GoogleAuthProvider.credential(JSON.stringify(claims)));
  } else {
    // Passed again: Firebase may have been set up without it (loaded first by Settings, say).
    result = await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
  }
  await syncSession(result.user, { exchangeToken: true });
}

/**
 * Sends the signed-in account's verification e-mail again (Firebase's own e-mail and link; the
 * emulator keeps it in its list of out-of-band codes).
 */
export async function sendVerificationEmail(): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user) throw new Error("Log in again to get a new verification e-mail.");
  await sdk.sendEmailVerification(user);
}

/**
 * Asks again whether the address is confirmed now (its link was opened, perhaps in another tab or
 * on a phone): a new ID token from Firebase, whose claim the API reads at POST /jwt and keeps.
 * Resolves with the API's answer.
 */
export async function refreshEmailVerification(): Promise<boolean> {
  const { auth } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user) throw new Error("Log in again to check your e-mail address.");
  await syncSession(user, { exchangeToken: true, forceRefresh: true });
  return academyStore.getState().user?.emailVerified === true;
}

/** "Forgot password?": Firebase e-mails a reset link (it never says whether the account exists). */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  await sdk.sendPasswordResetEmail(auth, email.trim());
}

/** Settings: display name and photo, in Firebase and in the product's record. */
export async function updateAccountProfile(input: { displayName: string; photoURL: string }): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user) throw new Error("Log in again to change your profile.");
  const displayName = input.displayName.trim();
  const photoURL = input.photoURL.trim();
  // An empty photo field keeps the current photo.
  await sdk.updateProfile(user, photoURL ? { displayName, photoURL } : { displayName });
  await api.patch("/users/me", photoURL ? { name: displayName, photo: photoURL } : { name: displayName });
  await refreshRecord();
}

/** Whether the signed-in account has a password (else it signs in with Google only). */
export async function hasPassword(): Promise<boolean> {
  const { auth } = await loadFirebaseAuth();
  return auth.currentUser?.providerData.some((p) => p.providerId === "password") ?? false;
}

/**
 * Firebase asks for a recent sign-in before a password, an address or the account changes: the
 * password again, or Google's window for an account without one (the local chooser's account
 * against the emulator).
 */
async function reauthenticate(password: string | null) {
  const { auth, sdk, emulator } = await loadFirebaseAuth({ googlePopup: password === null });
  const user = auth.currentUser;
  if (!user?.email) throw new Error("Log in again to change your account.");
  if (password !== null) {
    await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, password));
  } else if (emulator) {
    const claims = { sub: `google-${user.email}`, email: user.email, name: user.displayName, email_verified: true };
    await sdk.reauthenticateWithCredential(user, sdk.GoogleAuthProvider.credential(JSON.stringify(claims)));
  } else {
    await sdk.reauthenticateWithPopup(user, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
  }
  return { user, sdk };
}

/** Settings: a new password, after the current one is checked by Firebase. */
export async function changePassword(current: string, next: string): Promise<void> {
  const { user, sdk } = await reauthenticate(current);
  await sdk.updatePassword(user, next);
}

/**
 * Settings: a new e-mail address. Firebase sends a link to it and changes the address only when it
 * is opened; the academy's record follows at the next sign-in with the new address (POST /jwt
 * reads it from the verified ID token, never from this page).
 */
export async function requestEmailChange(password: string | null, newEmail: string): Promise<void> {
  const { user, sdk } = await reauthenticate(password);
  await sdk.verifyBeforeUpdateEmail(user, newEmail.trim());
}

/**
 * Settings: deletes the family's account (DELETE /account, with an ID token of the sign-in just
 * made), then signs out here. A 503 means the records are gone but not yet the sign-in: calling
 * this again finishes it.
 */
export async function deleteOwnAccount(password: string | null, confirmation: string): Promise<void> {
  const { user } = await reauthenticate(password);
  const idToken = await user.getIdToken(true);
  await api.delete<AccountDeleted>("/account", {
    data: { confirmation: confirmation.trim() },
    headers: { Authorization: `Bearer ${idToken}` },
    sessionProbe: true,
  });
  await logOut();
}
