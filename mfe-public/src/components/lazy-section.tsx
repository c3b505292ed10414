import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";

/**
 * A home page section below the fold whose code (and libraries: swiper, react-hook-form) loads only
 * when it comes near the viewport. Until then a placeholder of about its height keeps the layout
 * still, so nothing in view moves when the section arrives.
 */
export function LazySection({
  load,
  minHeight,
  label,
}: {
  load: () => Promise<{ default: ComponentType }>;
  /** The placeholder's height (CSS length), close to the section's own. */
  minHeight: string;
  /** What the section is, for screen readers while it loads. */
  label: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [Section, setSection] = useState<ComponentType | null>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    const show = () => setSection(() => lazy(load));
    if (typeof IntersectionObserver === "undefined") return show();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          show();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load]);

  // A plain div may not carry a name (aria-label): the label is its text, for screen readers only.
  const text = <p className="sr-only">{label}</p>;
  if (!Section) {
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
