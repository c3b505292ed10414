import { useState } from "react";
import { resolveImageUrl } from "../session";
import { academyStore } from "../store";

/** The initials of a name: the first letters of its first and last words ("Maya Torres": "MT"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Array.from splits by code point, so a name that starts with an emoji or a CJK letter keeps it whole.
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "").toLocaleUpperCase() : "");
  if (words.length === 0) return "?";
  return words.length === 1 ? first(words[0]) : `${first(words[0])}${first(words[words.length - 1])}`;
}

/**
 * The address of an image the API itself serves (an upload or seed artwork, by path or at the
 * API's own origin), else undefined: a photo anyone typed in may sit on any host, and loading it
 * tells that host who is looking and when.
 */
export function ownImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const apiUrl = academyStore.getState().env?.apiUrl ?? "";
  if (url.startsWith("/images/")) return `${apiUrl}${url}`;
  try {
    const at = new URL(url);
    const api = new URL(apiUrl || globalThis.location?.origin || "http://invalid");
    return at.origin === api.origin && at.pathname.startsWith("/images/") ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A person's round photo, or their initials where there is none, it does not load, or (with
 * `ownImagesOnly`) it is not served by the API. Decorative: the name is always said next to it.
 */
export function UserAvatar({
  name,
  photo,
  className = "h-10 w-10",
  initialsClassName = "bg-slate-200 font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  ownImagesOnly = false,
}: {
  name: string;
  photo: string | null | undefined;
  /** Size, ring and the initials' text size, for the photo and the initials alike. */
  className?: string;
  /** The initials' colours and weight. */
  initialsClassName?: string;
  ownImagesOnly?: boolean;
}) {
  const src = ownImagesOnly ? ownImageUrl(photo) : resolveImageUrl(photo);
  // Which address failed: a new photo (after an upload, say) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(src)}
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  // The initials are drawn by CSS, not written into the page: inside a button named "Account menu
  // of Casey Cancel", text "CC" would be visible words missing from its name (WCAG 2.5.3).
  return (
    <span
      aria-hidden="true"
      data-initials={initialsOf(name)}
      className={`${className} ${initialsClassName} flex shrink-0 items-center justify-center rounded-full select-none before:content-[attr(data-initials)]`}
    />
  );
}
