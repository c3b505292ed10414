import { Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import { ACTIVITIES } from "../lib/activities";
import {
  ActivityFigure,
  AUTOPLAY_MS,
  SLIDE_GAP,
  SLIDE_BREAKPOINTS,
  slideAttributes,
  sliderLayout,
} from "./activity-slide";

/**
 * The activities slider once Swiper runs it (loaded by the carousel when it comes into view or
 * the visitor reaches for it): the same slides, sizes and places as the plain first frame.
 */
export function ActivitiesSwiper({
  reducedMotion,
  onSwiper,
  onSlideChange,
}: {
  reducedMotion: boolean;
  onSwiper: (swiper: SwiperInstance) => void;
  onSlideChange: (realIndex: number) => void;
}) {
  return (
    <Swiper
      modules={[Autoplay]}
      className={sliderLayout}
      loop
      spaceBetween={SLIDE_GAP}
      slidesPerView={1}
      breakpoints={SLIDE_BREAKPOINTS}
      autoplay={{ delay: AUTOPLAY_MS, disableOnInteraction: false }}
      speed={reducedMotion ? 0 : 500}
      // A press during a slide's movement still counts (quick keyboard and dot presses).
      loopPreventsSliding={false}
      onSwiper={onSwiper}
      onSlideChange={(s) => onSlideChange(s.realIndex)}
    >
      {ACTIVITIES.map((activity, i) => (
        <SwiperSlide key={activity.id} {...slideAttributes(activity, i)}>
          <ActivityFigure activity={activity} index={i} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
