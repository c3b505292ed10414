import { lazy } from "react";
import { Link } from "react-router-dom";
import { campSeason, useAcademy } from "shared-auth";
import banner from "../assets/banner.svg";
import { AboutUs } from "../components/about-us";
import { ActivitiesCarousel } from "../components/activities-carousel";
import { LazySection } from "../components/lazy-section";
import { PopularClasses, PopularInstructors } from "../components/popular";
import { PublicRoot } from "../components/public-root";
import "../styles.css";
import { actionColors } from "../components/form-styles";

// Below the fold: the newsletter form (react-hook-form) loads as it comes near; the carousel shows a
// plain first frame and loads swiper as it comes into view; the popular lists fetch as they come near.
const Newsletter = lazy(() => import("../components/newsletter").then((m) => ({ default: m.Newsletter })));

/** The home page (spec section 2): banner, activities, popular classes and instructors, about, newsletter. */
export default function HomePage() {
  const status = useAcademy((s) => s.status);
  const theme = useAcademy((s) => s.theme);
  return (
    <PublicRoot>
      <section
        data-theme={theme}
        aria-labelledby="home-heading"
        className="relative isolate overflow-hidden bg-indigo-950 text-white"
      >
        <img
          src={banner}
          alt="Sunrise over the academy's mountains, with young athletes running on the track"
          width={1600}
          height={800}
          fetchPriority="high"
          className="absolute inset-0 -z-20 h-full w-full object-cover object-[70%_50%]"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-r from-indigo-950/95 via-indigo-950/75 to-indigo-950/45 md:via-indigo-950/50 md:to-indigo-950/0"
        />
        <div className="mx-auto flex min-h-[28rem] max-w-7xl flex-col items-start justify-center gap-6 px-4 py-20 sm:px-6 md:min-h-[34rem] md:py-28">
          <p className="text-sm font-semibold tracking-[0.25em] text-orange-300 uppercase">
            Summer camp {campSeason()}
          </p>
          <h1 id="home-heading" className="max-w-2xl font-display text-4xl leading-tight font-extrabold sm:text-6xl">
            Welcome to the academy
          </h1>
          <p className="max-w-xl text-lg text-indigo-100">
            Sport and study every camp day. Coaches who teach the game and the habits behind it.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/classes"
              className={`rounded-full px-7 py-3 font-semibold shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${actionColors}`}
            >
              View Our Classes
            </Link>
            {status === "signed-out" && (
              <Link
                to="/signup"
                // Prerendered for a signed-out visitor: dropped from the first paint of a browser with a session.
                data-visitor-only
                className="rounded-full border border-white/60 bg-indigo-950/30 px-7 py-3 font-semibold text-white backdrop-blur-sm hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Create an account
              </Link>
            )}
          </div>
        </div>
      </section>
      <ActivitiesCarousel />
      <PopularClasses />
      <PopularInstructors />
      <AboutUs />
      <LazySection section={Newsletter} minHeight="28rem" label="Subscribe for offers" />
    </PublicRoot>
  );
}
