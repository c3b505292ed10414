import type { User } from "firebase/auth";
import { ACCESS_TOKEN_KEY, readAccessToken, rememberRole, tokenServes } from "./access-token";
import { api } from "./api-client";
import { accountErrorMessage, loadFirebaseAuth, whenFirebaseLoads, type FirebaseAuthHandle } from "./firebase";
import { clearPageQueries } from "./query-client";
import { academyStore } from "./store";
import type { AccessToken, OwnUser } from "./wire";

/** Seed and uploaded images are served by the API under a relative path. */
export function resolveImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/")) return `${academyStore.getState().env?.apiUrl ?? ""}${url}`;
  return url;
}

function storeToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Storage unavailable: the session lasts until the tab closes (the token is still sent).
  }
}

/** The stored access token stays valid for another minute and, with an e-mail, is that account's. */
const storedTokenFits = (email?: string): boolean => tokenServes(readAccessToken(), email);

/** Reads the caller's record and role from the API: the role is never decided in the browser. */
async function loadMe(probe = false): Promise<void> {
  const { data } = await api.get<OwnUser>("/users/me", { sessionProbe: probe });
  rememberRole(data.email, data.role);
  academyStore.setState({
    status: "signed-in",
    user: {
      email: data.email,
      displayName: data.name,
      photoURL: data.photo || null,
      emailVerified: data.emailVerified,
    },
    role: data.role,
    sessionError: null,
  });
}

/**
 * Spec section 4: the Firebase ID token buys the API's access token, kept under `access-token`.
 * `forceRefresh`: a new ID token from Firebase, whose claims say what is true now (a confirmed address).
 */
async function exchange(user: User, forceRefresh = false): Promise<void> {
  const idToken = await user.getIdToken(forceRefresh);
  const { data } = await api.post<AccessToken>(
    "/jwt",
    { email: user.email },
    { headers: { Authorization: `Bearer ${idToken}` }, sessionProbe: true },
  );
  storeToken(data.token);
}

let syncing: { uid: string; email: string | null; done: Promise<void> } | null = null;

/**
 * Makes the API session match the signed-in Firebase user: reuses a stored token that is still
 * this account's, else exchanges the ID token; then reads the record and role. The loading flag
 * clears only once the token is saved. Concurrent calls for the same user share one run (the
 * token change a forced refresh announces joins the run that forced it).
 */
export function syncSession(user: User, { exchangeToken = false, forceRefresh = false } = {}): Promise<void> {
  // The same account under another address (changed since) is not the same sign-in: its run
  // would buy a token for the old address.
  if (syncing?.uid === user.uid && syncing.email === user.email && !exchangeToken) return syncing.done;
  const done = (async () => {
    if (!user.email) throw new Error("This account has no e-mail address; the academy needs one.");
    if (!exchangeToken && storedTokenFits(user.email)) {
      try {
        await loadMe(true);
        return;
      } catch {
        // The stored token was refused (deleted account, rotated secret): exchange again.
      }
    }
    await exchange(user, forceRefresh);
    await loadMe(true);
  })();
  syncing = { uid: user.uid, email: user.email, done };
  const clear = () => {
    if (syncing?.done === done) syncing = null;
  };
  done.then(clear, clear);
  return done;
}

/** Forgets the session in this browser (spec section 4: sign-out removes the stored token). */
export function signOutLocally(sessionError: string | null = null): void {
  try {
    globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing stored to remove.
  }
  academyStore.setState({ status: "signed-out", user: null, role: null, sessionError });
}

/** Set while logOut runs: the Firebase user it is about to sign out must not buy a new token. */
let signingOut = false;

/** Keeps the store in step with the Firebase user, for the life of the page. */
function followFirebaseUser({ auth, sdk }: FirebaseAuthHandle): void {
  sdk.onIdTokenChanged(auth, (user) => {
    if (!user) {
      signOutLocally();
      return;
    }
    if (signingOut) return;
    syncSession(user).catch((error: unknown) => {
      // No API session (server unreachable, token refused): signed out here, with the reason.
      signOutLocally(accountErrorMessage(error));
    });
  });
}

/**
 * Another tab of this site signed out (the token removed) or in (a new token): this one follows,
 * whether or not it has loaded the Firebase SDK.
 */
function followOtherTabs(): void {
  globalThis.addEventListener?.("storage", (event: StorageEvent) => {
    if (event.key !== ACCESS_TOKEN_KEY || event.newValue === event.oldValue) return;
    if (event.newValue === null) signOutLocally();
    else loadMe(true).catch(() => undefined);
  });
}

/**
 * Follows the session for the life of the page. Called after the first render: the Firebase SDK
 * never delays the first paint.
 * - No access token stored (it is written at every sign-in and removed at sign-out): signed out at
 *   once; the SDK loads only when something needs it (login, sign-up, the Google button).
 * - A stored token that is still valid for more than a minute: the API says who this is
 *   (GET /users/me, the role included), and the SDK is not loaded either: a signed-in page needs
 *   no Firebase code to show (about 30 KB). It loads, and is followed from then on, with the first
 *   account action (settings, logout) or when the token no longer serves (below).
 * - An expired token, or one the API refuses: Firebase restores its user and buys a new token.
 */
export async function startSession(): Promise<void> {
  followOtherTabs();
  whenFirebaseLoads().then(followFirebaseUser, () => undefined);
  if (!readAccessToken()) {
    signOutLocally();
    return;
  }
  if (storedTokenFits()) {
    try {
      await loadMe(true);
      return;
    } catch {
      // Refused (deleted account, rotated secret) or unreachable: Firebase settles it, as below.
    }
  }
  try {
    await loadFirebaseAuth();
  } catch (error) {
    signOutLocally(accountErrorMessage(error));
  }
}

/**
 * Asks the API to end this access token (decision 028): removing it from storage alone would leave
 * a copy of it (a script's, another program's) working for the rest of its hour. Sent with the
 * token before it leaves storage, and not waited for: the page signs out at once whatever the
 * server answers, and a failure only goes to the console (spec section 8). A plain fetch, so the
 * call starts at once even when axios has not loaded yet. A 401 means the token had ended already.
 */
function endTokenOnServer(token: string): void {
  const apiUrl = academyStore.getState().env?.apiUrl;
  if (apiUrl === undefined) return;
  fetch(`${apiUrl}/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } })
    .then((response) => {
      if (!response.ok && response.status !== 401) throw new Error(`HTTP ${response.status}`);
    })
    .catch((error: unknown) => console.error("[session] the server did not end the session", error));
}

/** Ends the session everywhere: the token on the server and in storage, cached data and the Firebase sign-in. */
export async function logOut(): Promise<void> {
  signingOut = true;
  const token = readAccessToken();
  if (token) endTokenOnServer(token);
  signOutLocally();
  clearPageQueries();
  try {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.signOut(auth);
  } catch (error) {
    // The local session is already gone; a failed Firebase sign-out is only logged (spec section 8).
    console.error("[session] Firebase sign-out failed", error);
  } finally {
    signingOut = false;
  }
}
