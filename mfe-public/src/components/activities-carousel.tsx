import { useEffect, useState, type KeyboardEvent } from "react";
import { Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import { ACTIVITIES } from "../lib/activities";
import { SectionHeading } from "./section-heading";

/** Spec section 9: the activities carousel advances every 2500 ms, with a 30 px gap. */
const AUTOPLAY_MS = 2500;
const SLIDE_GAP = 30;

/*
 * Swiper's own stylesheet sets tokens on :root; the few layout rules the slider needs are
 * written here as utilities on its container instead, so this remote emits utilities only.
 */
const swiperLayout = [
  "relative overflow-hidden touch-pan-y",
  "[&_.swiper-wrapper]:relative [&_.swiper-wrapper]:z-[1] [&_.swiper-wrapper]:flex [&_.swiper-wrapper]:w-full",
  "[&_.swiper-wrapper]:box-content [&_.swiper-wrapper]:[transition-property:transform]",
  "[&_.swiper-slide]:relative [&_.swiper-slide]:h-auto [&_.swiper-slide]:shrink-0 [&_.swiper-slide]:[transition-property:transform]",
].join(" ");

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

const controlClass =
  "flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-white text-slate-800 shadow-md ring-1 ring-slate-200 transition-colors hover:bg-orange-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-orange-700";

/**
 * "Our Summer Camp Activities": nine pictures that advance on their own. Arrows, dots and a
 * pause button are real buttons (Tab, Enter/Space); Left and Right arrow keys move the slides
 * while focus is in the carousel. It stops while a pointer or the keyboard focus is on it, and
 * does not start by itself for people who asked for reduced motion.
 */
export function ActivitiesCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [focusWithin, setFocusWithin] = useState(false);
  const [hovered, setHovered] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const running = !paused && !focusWithin && !hovered;

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (running) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, running]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      swiper?.slidePrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      swiper?.slideNext();
    }
  };

  return (
    <section aria-labelledby="activities-heading" className="bg-slate-50 py-16 md:py-20 dark:bg-slate-900/60">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading subheading="What campers do" title="Our Summer Camp Activities" id="activities-heading">
          Nine sports, one campus: try something new every week of the summer.
        </SectionHeading>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Summer camp activities"
          data-testid="activities-carousel"
          data-autoplay={running ? "running" : "paused"}
          className="mt-10"
          onKeyDown={onKeyDown}
          onFocus={() => setFocusWithin(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
          }}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
        >
          <Swiper
            modules={[Autoplay]}
            className={swiperLayout}
            loop
            spaceBetween={SLIDE_GAP}
            slidesPerView={1}
            breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
            autoplay={{ delay: AUTOPLAY_MS, disableOnInteraction: false }}
            speed={reducedMotion ? 0 : 500}
            // A press during a slide's movement still counts (quick keyboard and dot presses).
            loopPreventsSliding={false}
            onSwiper={(s) => {
              setSwiper(s);
              if (paused) s.autoplay.stop();
            }}
            onSlideChange={(s) => setActive(s.realIndex)}
          >
            {ACTIVITIES.map((activity, i) => (
              <SwiperSlide
                key={activity.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${ACTIVITIES.length}: ${activity.title}`}
                data-testid="activity-slide"
              >
                <figure className="h-full overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                  <img
                    src={activity.image}
                    alt={activity.alt}
                    width={800}
                    height={600}
                    className="aspect-[4/3] w-full object-cover"
                    draggable={false}
                  />
                  <figcaption className="p-5">
                    <span className="block font-display text-lg font-bold text-slate-900 dark:text-white">
                      {activity.title}
                    </span>
                    <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{activity.caption}</span>
                  </figcaption>
                </figure>
              </SwiperSlide>
            ))}
          </Swiper>

          <div className="mt-8 flex flex-col items-center gap-3">
            <ul className="flex flex-wrap items-center justify-center gap-1" aria-label="Choose an activity">
              {ACTIVITIES.map((activity, i) => (
                <li key={activity.id}>
                  <button
                    type="button"
                    aria-label={`Show activity ${i + 1}: ${activity.title}`}
                    aria-current={i === active ? "true" : undefined}
                    data-testid="activity-dot"
                    onClick={() => swiper?.slideToLoop(i)}
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
                onClick={() => swiper?.slidePrev()}
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  aria-hidden="true"
                >
                  <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button
                type="button"
                className={controlClass}
                aria-label="Next activity"
                onClick={() => swiper?.slideNext()}
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  aria-hidden="true"
                >
                  <path d="M9 5l7 7-7 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button
                type="button"
                className={controlClass}
                aria-label={paused ? "Play the slideshow" : "Pause the slideshow"}
                onClick={() => setUserPaused(!paused)}
              >
                {paused ? (
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                    <path d="M8 5.5v13l11-6.5z" />
                  </svg>
                ) : (
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
                  </svg>
                )}
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
