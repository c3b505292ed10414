import type { HTMLAttributes } from "react";
import { ACTIVITIES, type Activity } from "../lib/activities";

/** Spec section 9: the activities carousel advances every 2500 ms, with a 30 px gap. */
export const AUTOPLAY_MS = 2500;
export const SLIDE_GAP = 30;
/** Slides in view at once: 1, 2 from 640 px, 3 from 1024 px (the window's width, as Swiper reads it). */
export const SLIDE_BREAKPOINTS = { 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } };
/** The most slides ever in view: the pictures after them load only as they come near. */
const MOST_IN_VIEW = 3;

/*
 * Swiper's own stylesheet sets tokens on :root; the few layout rules the slider needs are
 * written here as utilities on its container instead, so this remote emits utilities only.
 */
export const sliderLayout = [
  "relative overflow-hidden touch-pan-y",
  "[&_.swiper-wrapper]:relative [&_.swiper-wrapper]:z-[1] [&_.swiper-wrapper]:flex [&_.swiper-wrapper]:w-full",
  "[&_.swiper-wrapper]:box-content [&_.swiper-wrapper]:[transition-property:transform]",
  "[&_.swiper-slide]:relative [&_.swiper-slide]:h-auto [&_.swiper-slide]:shrink-0 [&_.swiper-slide]:[transition-property:transform]",
].join(" ");

/** A slide's own attributes, the same before and after Swiper takes over. */
export function slideAttributes(
  activity: Activity,
  index: number,
): HTMLAttributes<HTMLElement> & { "data-testid": string } {
  return {
    role: "group",
    "aria-roledescription": "slide",
    "aria-label": `${index + 1} of ${ACTIVITIES.length}: ${activity.title}`,
    "data-testid": "activity-slide",
  };
}

export function ActivityFigure({ activity, index }: { activity: Activity; index: number }) {
  return (
    <figure className="h-full overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <img
        src={activity.image}
        alt={activity.alt}
        width={800}
        height={600}
        loading={index < MOST_IN_VIEW ? undefined : "lazy"}
        className="aspect-[4/3] w-full object-cover"
        draggable={false}
      />
      <figcaption className="p-5">
        <span className="block font-display text-lg font-bold text-slate-900 dark:text-white">{activity.title}</span>
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{activity.caption}</span>
      </figcaption>
    </figure>
  );
}

/**
 * The slider as Swiper lays it out at rest, without Swiper: the first slides in view, the rest
 * clipped on the right, each slide as wide as Swiper makes it (the slider's width less the gaps
 * between the slides in view, shared out) with the gap as its right margin, as Swiper sets it.
 * The classes spell out SLIDE_GAP and SLIDE_BREAKPOINTS (Tailwind's sm is 640 px, lg 1024 px).
 */
export function StaticSlides() {
  return (
    <div className={sliderLayout}>
      <div className="swiper-wrapper">
        {ACTIVITIES.map((activity, i) => (
          <div
            key={activity.id}
            {...slideAttributes(activity, i)}
            className="swiper-slide mr-[30px] w-full sm:w-[calc((100%_-_30px)/2)] lg:w-[calc((100%_-_60px)/3)]"
          >
            <ActivityFigure activity={activity} index={i} />
          </div>
        ))}
      </div>
    </div>
  );
}
