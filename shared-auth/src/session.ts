import { ACCESS_TOKEN_KEY, api, readAccessToken } from "./api-client";
import { academyStore, type Role } from "./store";

interface MeResponse {
  _id: string;
  name: string;
  email: string;
  photo: string;
  role: Role;
}

/** Seed and uploaded images are served by the API under a relative path. */
export function resolveImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/")) return `${academyStore.getState().env?.apiUrl ?? ""}${url}`;
  return url;
}

/**
 * Decides who is signed in from the stored access token: the API says who the token belongs to
 * and what role they have now. No token, or a token the API refuses, means signed out.
 */
export async function restoreSession(): Promise<void> {
  if (!readAccessToken()) {
    signOutLocally();
    return;
  }
  try {
    const { data } = await api.get<MeResponse>("/users/me");
    academyStore.setState({
      status: "signed-in",
      user: { email: data.email, displayName: data.name, photoURL: data.photo || null },
      role: data.role,
    });
  } catch {
    signOutLocally();
  }
}

/** Forgets the session in this browser (spec section 4: sign-out removes the stored token). */
export function signOutLocally(): void {
  try {
    globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing stored to remove.
  }
  academyStore.setState({ status: "signed-out", user: null, role: null });
}
