import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Swiper as SwiperInstance } from "swiper/types";
import { ACTIVITIES } from "../lib/activities";
import { ACADEMY } from "../lib/academy";
import { useInViewport } from "../lib/use-near-viewport";
import type { ActivitiesSwiper } from "./activities-swiper";
import { StaticSlides } from "./activity-slide";
import { SectionHeading } from "./section-heading";

/** Swiper (about 22 KB) loads only when the slider is half in view or the visitor reaches for it. */
const loadSlider = () => import("./activities-swiper").then((m) => m.ActivitiesSwiper);

type SwiperAction = (swiper: SwiperInstance) => void;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window !== "undefined" && window.matchMedia(REDUCED_MOTION).matches,
  );
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

const controlClass =
  "flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-white text-slate-800 shadow-md ring-1 ring-slate-200 transition-colors hover:bg-orange-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-orange-700";

const playLabel = (
  <>
    <span className="sr-only">Play the slideshow</span>
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M8 5.5v13l11-6.5z" />
    </svg>
  </>
);
const pauseLabel = (
  <>
    <span className="sr-only">Pause the slideshow</span>
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
    </svg>
  </>
);

function ArrowIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * "Our Summer Camp Activities": nine pictures that advance on their own. Arrows, dots and a
 * pause button are real buttons (Tab, Enter/Space); Left and Right arrow keys move the slides
 * while focus is in the carousel. It stops while a pointer or the keyboard focus is on it, and
 * does not start by itself for people who asked for reduced motion.
 *
 * Its first frame is plain markup, laid out as Swiper lays it out at rest (and prerendered with
 * the page): Swiper loads and takes over, in place, when the slider is half in view or at the
 * visitor's first touch, key or focus in the carousel; a press made before is done once it runs.
 */
export function ActivitiesCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const sliderArea = useRef<HTMLDivElement>(null);
  const inView = useInViewport(sliderArea, { threshold: 0.5 });
  const [Slider, setSlider] = useState<typeof ActivitiesSwiper | null>(null);
  const loading = useRef(false);
  const pending = useRef<SwiperAction | null>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [focusWithin, setFocusWithin] = useState(false);
  const [hovered, setHovered] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const wanted = !paused && !focusWithin && !hovered;
  // Said only once Swiper really runs it.
  const running = wanted && swiper !== null;

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadSlider().then(
      (component) => setSlider(() => component),
      () => {
        // Offline or redeployed: the first frame stays, and the next touch tries again.
        loading.current = false;
      },
    );
  }, []);

  useEffect(() => {
    if (inView) load();
  }, [inView, load]);

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (running) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, running]);

  useEffect(() => {
    const action = pending.current;
    if (!swiper || !action) return;
    pending.current = null;
    action(swiper);
  }, [swiper]);

  /** Moves the slides now, or as soon as Swiper runs. */
  const act = (action: SwiperAction) => {
    if (swiper && !swiper.destroyed) return action(swiper);
    pending.current = action;
    load();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      act((s) => s.slidePrev());
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      act((s) => s.slideNext());
    } else load();
  };

  return (
    <section aria-labelledby="activities-heading" className="bg-slate-50 py-16 md:py-20 dark:bg-slate-900/60">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading subheading="What campers do" title="Our Summer Camp Activities" id="activities-heading">
          {ACADEMY.sports}, one campus: try something new every week of the summer.
        </SectionHeading>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Summer camp activities"
          data-testid="activities-carousel"
          data-autoplay={running ? "running" : "paused"}
          className="mt-10"
          onKeyDown={onKeyDown}
          onPointerDown={load}
          onFocus={() => {
            setFocusWithin(true);
            load();
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
          }}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
        >
          <div ref={sliderArea} data-lazy-section={Slider ? undefined : ""}>
            {Slider ? (
              <Slider
                reducedMotion={reducedMotion}
                onSwiper={(s) => {
                  // Autoplay starts with Swiper: stopped at once if the carousel is paused, hovered or focused.
                  if (!wanted) s.autoplay.stop();
                  setSwiper(s);
                }}
                onSlideChange={setActive}
              />
            ) : (
              <StaticSlides />
            )}
          </div>

          <div className="mt-8 flex flex-col items-center gap-3">
            <ul className="flex flex-wrap items-center justify-center gap-1" aria-label="Choose an activity">
              {ACTIVITIES.map((activity, i) => (
                <li key={activity.id}>
                  <button
                    type="button"
                    aria-label={`Show activity ${i + 1}: ${activity.title}`}
                    aria-current={i === active ? "true" : undefined}
                    data-testid="activity-dot"
                    onClick={() => act((s) => s.slideToLoop(i))}
                    className={`block h-8 cursor-pointer rounded-full bg-clip-content p-2.5 transition-all focus-visible:outline-2 focus-visible:outline-orange-500 ${
                      i === active
                        ? "w-10 bg-orange-500 sm:w-12"
                        : "w-7 bg-slate-300 sm:w-8 hover:bg-orange-300 dark:bg-slate-600 dark:hover:bg-orange-400"
                    }`}
                  />
                </li>
              ))}
            </ul>
            <div className="flex items-center gap-4">
              <button
                type="button"
                className={controlClass}
                aria-label="Previous activity"
                onClick={() => act((s) => s.slidePrev())}
              >
                <ArrowIcon d="M15 5l-7 7 7 7" />
              </button>
              <button
                type="button"
                className={controlClass}
                aria-label="Next activity"
                onClick={() => act((s) => s.slideNext())}
              >
                <ArrowIcon d="M9 5l7 7-7 7" />
              </button>
              <button
                type="button"
                className={controlClass}
                onClick={() => {
                  setUserPaused(!paused);
                  load();
                }}
              >
                {userPaused === null ? (
                  // Until the visitor chooses, their reduced-motion setting decides: said by CSS, so the
                  // prerendered first frame, painted before any script runs, is right as well.
                  <>
                    <span className="contents motion-reduce:hidden">{pauseLabel}</span>
                    <span className="hidden motion-reduce:contents">{playLabel}</span>
                  </>
                ) : paused ? (
                  playLabel
                ) : (
                  pauseLabel
                )}
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
