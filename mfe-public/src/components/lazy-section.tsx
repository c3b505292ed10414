import { Suspense, useRef, type ComponentType } from "react";
import { useNearViewport } from "../lib/use-near-viewport";

/**
 * A home page section below the fold whose code (and libraries: the newsletter's react-hook-form)
 * loads only when it comes near the viewport: `section` is a `lazy()` component, rendered (so
 * loaded) from then on. Until then a placeholder of about its height keeps the layout still, so
 * nothing in view moves when the section arrives.
 */
export function LazySection({
  section: Section,
  minHeight,
  label,
}: {
  section: ComponentType;
  /** The placeholder's height (CSS length), close to the section's own. */
  minHeight: string;
  /** What the section is, for screen readers while it loads. */
  label: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder, "600px 0px");

  // A plain div may not carry a name (aria-label): the label is its text, for screen readers only.
  const text = <p className="sr-only">{label}</p>;
  if (!near) {
    return (
      <div ref={placeholder} data-lazy-section aria-busy="true" style={{ minHeight }}>
        {text}
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div data-lazy-section aria-busy="true" style={{ minHeight }}>
          {text}
        </div>
      }
    >
      <Section />
    </Suspense>
  );
}
