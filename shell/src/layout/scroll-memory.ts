import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/**
 * Where the page was scrolled, per history entry: the shell's stand-in for React Router's
 * <ScrollRestoration> (that one needs a data router; the shell declares <Routes>). A new page
 * (a link, a redirect to another path) opens at its top, or at its #anchor; Back and Forward put
 * each page back where it was left, once its content is tall enough again (remote pages load
 * after the route changes). A change of the query alone (a filter) keeps the place.
 */
const KEY = "academy-scroll";
/** How long Back waits for a remote page to grow tall enough to scroll back to its place. */
const RESTORE_FOR_MS = 2_000;

function saved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

function remember(key: string, y: number) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...saved(), [key]: y }));
  } catch {
    // Storage full or refused: Back then opens at the top, nothing worse.
  }
}

export function useScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  }, []);

  // The place on the entry shown, kept as the reader scrolls (read again when they come back to
  // it). The entry is switched before this page's own scroll to the top, so that scroll is not
  // taken for the place on the page left.
  const shown = useRef(location.key);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => remember(shown.current, window.scrollY));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = location.key;
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigation === "POP") {
      const y = saved()[location.key];
      if (y === undefined) return;
      // Tries each frame until the page is tall enough (or gives up): a remote page renders late.
      const until = performance.now() + RESTORE_FOR_MS;
      let frame = 0;
      const restore = () => {
        const fits = document.documentElement.scrollHeight - window.innerHeight >= y;
        if (fits || performance.now() > until) {
          window.scrollTo(0, y);
          return;
        }
        frame = requestAnimationFrame(restore);
      };
      restore();
      // A scroll of the reader's own wins over the wait.
      const stop = () => cancelAnimationFrame(frame);
      window.addEventListener("wheel", stop, { once: true, passive: true });
      window.addEventListener("touchmove", stop, { once: true, passive: true });
      window.addEventListener("keydown", stop, { once: true });
      return () => {
        stop();
        window.removeEventListener("wheel", stop);
        window.removeEventListener("touchmove", stop);
        window.removeEventListener("keydown", stop);
      };
    }
    if (location.hash) return; // The browser's own jump to the anchor.
    window.scrollTo(0, 0);
    // Only a new path opens at the top: the query alone (a filter) keeps the reader's place. The
    // entry and the kind of move are read as they are when the path changes.
  }, [location.pathname]);
}
