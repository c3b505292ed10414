import { useEffect, useState, type RefObject } from "react";

/**
 * Whether the element has come into the viewport grown by `rootMargin`, with at least `threshold`
 * of it inside, at any time since the first render: true from then on. For the parts of a page
 * that load their code or data only as a visitor scrolls towards them. False on the server and in
 * the first render; true at once where the browser has no IntersectionObserver.
 */
export function useInViewport(
  ref: RefObject<Element | null>,
  { rootMargin = "0px", threshold = 0 }: { rootMargin?: string; threshold?: number } = {},
): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          observer.disconnect();
          setSeen(true);
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, threshold, seen]);
  return seen;
}

/** Whether the element has come within `rootMargin` (300 px above and below by default) of the viewport. */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = "300px 0px"): boolean {
  return useInViewport(ref, { rootMargin });
}
