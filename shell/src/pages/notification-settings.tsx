import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, errorMessage } from "shared-auth";
import type { NotificationSettings } from "shared-auth/wire";
import { secondaryButton } from "../account/button-styles";
import { FormMessage } from "../account/fields";

const KEY = ["notification-settings"] as const;
const smallButton = secondaryButton;

/**
 * Settings' e-mail and calendar part: reminders on or off, and the family's private
 * calendar feed, made, replaced (the old address stops working) or turned off.
 */
export function NotificationSettingsSection() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<NotificationSettings>("/notification-settings")).data,
  });
  const [result, setResult] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const change = useMutation({
    mutationFn: async (what: { reminders: boolean } | "new-feed" | "no-feed") => {
      if (what === "new-feed")
        return (await api.post<NotificationSettings>("/notification-settings/calendar-feed")).data;
      if (what === "no-feed")
        return (await api.delete<NotificationSettings>("/notification-settings/calendar-feed")).data;
      return (await api.patch<NotificationSettings>("/notification-settings", { optionalEmails: what.reminders })).data;
    },
    // Whether an address existed before this change: only replacing one makes an old one stop working.
    onMutate: () => {
      setResult(null);
      return { hadFeed: Boolean(client.getQueryData<NotificationSettings>(KEY)?.calendarFeedUrl) };
    },
    onSuccess: (data, what, context) => {
      client.setQueryData(KEY, data);
      setResult({
        kind: "info",
        text:
          what === "new-feed"
            ? context?.hadFeed
              ? "Your new calendar address is ready. Any address you shared before no longer works."
              : "Your calendar address is ready."
            : what === "no-feed"
              ? "The calendar address is turned off."
              : data.optionalEmails
                ? "Reminders are on."
                : "Reminders are off.",
      });
    },
    onError: (error) => setResult({ kind: "error", text: `Not saved: ${errorMessage(error)}` }),
  });
  const [copied, setCopied] = useState(false);

  return (
    <section
      aria-labelledby="notifications-title"
      className="mt-8 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h2 id="notifications-title" className="font-display text-2xl font-bold text-slate-900 dark:text-white">
        E-mails and calendar
      </h2>
      {settings.isPending ? (
        <div
          role="status"
          aria-label="Loading your e-mail settings"
          className="mt-4 h-16 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ) : settings.isError ? (
        <div className="mt-4 space-y-3">
          <FormMessage kind="error">{`Your e-mail settings could not be loaded: ${errorMessage(settings.error)}`}</FormMessage>
          <button type="button" className={smallButton} onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
          <div className="flex gap-3">
            <input
              id="optional-emails"
              type="checkbox"
              className="mt-1 h-5 w-5 rounded border-slate-300"
              checked={settings.data.optionalEmails}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ reminders: event.target.checked })}
              aria-describedby="optional-emails-hint"
            />
            <div>
              <label htmlFor="optional-emails" className="font-semibold text-slate-900 dark:text-white">
                Reminder e-mails before camp starts
              </label>
              <p id="optional-emails-hint" className="text-sm text-slate-600 dark:text-slate-400">
                A few days before each camper&apos;s first session: when, where and what to bring. Receipts and messages
                about your bookings always come.
              </p>
            </div>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">Calendar feed</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A private address your calendar app subscribes to: every session of every class your family is enrolled
              in, kept up to date. Anyone with the address can see the sessions, so share it only with family.
            </p>
            {settings.data.calendarFeedUrl ? (
              <div className="mt-3 space-y-3">
                <label htmlFor="calendar-feed" className="sr-only">
                  Your calendar address
                </label>
                <input
                  id="calendar-feed"
                  readOnly
                  value={settings.data.calendarFeedUrl}
                  onFocus={(event) => event.target.select()}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
                />
                <div className="grid gap-2 sm:grid-cols-2">
                  <a href={settings.data.calendarFeedUrl} className={smallButton}>
                    Open in my calendar app
                  </a>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(settings.data.calendarFeedUrl ?? "")
                        .then(() => setCopied(true))
                        .catch(() => setCopied(false))
                    }
                  >
                    {copied ? "Copied" : "Copy address"}
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={change.isPending}
                    onClick={() => {
                      setCopied(false);
                      change.mutate("new-feed");
                    }}
                  >
                    New address
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={change.isPending}
                    onClick={() => change.mutate("no-feed")}
                  >
                    Turn off
                  </button>
                </div>
              </div>
            ) : (
              <button
                type="button"
                className={`mt-3 ${smallButton}`}
                disabled={change.isPending}
                onClick={() => change.mutate("new-feed")}
              >
                Create a calendar address
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
