import { useMutation } from "@tanstack/react-query";
import { api, errorMessage, showDialog, type DialogLook } from "shared-auth";
import { buttonStyles } from "./buttons";
import { SCOPE_CLASS } from "./scope";
import type { Answer } from "shared-auth/wire";

/** POST /users/:id/sessions/revoke's answer (decision 028). */
/** What ending a user's sessions did (generated from the API's document). */
type SessionsEnded = Answer<"/users/{id}/sessions/revoke", "post">;

const look = (kind: "warning" | "success" | "error"): DialogLook => ({
  scopeClass: SCOPE_CLASS,
  icon: {
    warning: { html: "!", className: "text-3xl! font-bold border-amber-400! text-amber-600!" },
    success: { html: "✓", className: "text-3xl! font-bold border-emerald-400! text-emerald-600!" },
    error: { html: "×", className: "text-3xl! font-bold border-red-400! text-red-600!" },
  }[kind],
});

/**
 * Manage Users: signs a user out on every device (a lost phone, a shared computer): every access
 * token they hold stops working and Firebase ends their sign-ins, so they sign in again with their
 * password or Google. Asked first; the user's name goes into the dialogs as text (showDialog).
 */
export function EndSessionsButton({ user, disabled }: { user: { _id: string; name: string }; disabled: boolean }) {
  const end = useMutation({
    mutationFn: async (id: string) =>
      (await api.post<SessionsEnded>(`/users/${encodeURIComponent(id)}/sessions/revoke`)).data,
  });

  async function onClick() {
    const confirmed = await showDialog(look("warning"), {
      title: `Sign ${user.name} out everywhere?`,
      text: "They are signed out at once on every device and must sign in again with their password or Google.",
      confirm: "Sign out everywhere",
      cancel: "Cancel",
      focusCancel: true,
    });
    if (!confirmed) return;
    end.mutate(user._id, {
      onSuccess: (answer) =>
        void showDialog(look(answer.signInRevoked ? "success" : "warning"), {
          title: `${user.name} is signed out everywhere`,
          text: answer.signInRevoked
            ? "Every device must sign in again."
            : "Their sessions on this site ended, but the sign-in service could not be told: a device that is still signed in there may get back in for up to an hour.",
        }),
      onError: (error) =>
        void showDialog(look("error"), { title: `${user.name} was not signed out`, text: errorMessage(error) }),
    });
  }

  return (
    <button
      type="button"
      className={buttonStyles.plain}
      disabled={disabled || end.isPending}
      // The visible words first (WCAG 2.5.3), then whose sessions they end.
      aria-label={`Sign out everywhere: ${user.name}`}
      onClick={() => void onClick()}
    >
      {end.isPending ? "Signing out…" : "Sign out everywhere"}
    </button>
  );
}
