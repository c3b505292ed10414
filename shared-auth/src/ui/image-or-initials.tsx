import { useState } from "react";
import { resolveImageUrl } from "../session";
import { initialsOf } from "./user-avatar";

/**
 * A class's or a person's picture, or, where there is none or it does not load (a dead link, an
 * image host down), a tinted box of the same size with the initials of `name`: never the browser's
 * broken-image frame. The box says what the picture would have said (`alt`) to a screen reader,
 * or nothing when the picture was decorative (`alt=""`, the name being written next to it).
 */
export function ImageOrInitials({
  src,
  alt,
  name,
  className,
  placeholderClassName = "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  width,
  height,
  loading = "lazy",
}: {
  src: string | null | undefined;
  alt: string;
  /** Whose or what picture: its initials stand in for it. */
  name: string;
  /** Size, shape and fit, for the picture and the box alike. */
  className: string;
  /** The box's colours and text size. */
  placeholderClassName?: string;
  width?: number;
  height?: number;
  loading?: "lazy" | "eager";
}) {
  const url = resolveImageUrl(src);
  // Which address failed: a new picture (another class, an upload) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt={alt}
        loading={loading}
        width={width}
        height={height}
        onError={() => setFailed(url)}
        // A picture that failed before React took over a prerendered page fired its error unheard.
        ref={(img) => {
          if (img?.complete && img.naturalWidth === 0) setFailed(url);
        }}
        className={className}
      />
    );
  }
  // The initials are drawn by CSS (not words of the page); the label, if any, is the picture's.
  return (
    <span
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      data-initials={initialsOf(name)}
      data-testid="image-placeholder"
      className={`${className} ${placeholderClassName} flex items-center justify-center font-display font-bold select-none before:content-[attr(data-initials)]`}
    />
  );
}
