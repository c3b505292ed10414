import { lazy, Suspense, useRef } from "react";
import { Link } from "react-router-dom";
import { useNearViewport } from "../lib/use-near-viewport";
import { moreClass } from "./form-styles";
import { CardGridSkeleton } from "./list-states";
import { SectionHeading } from "./section-heading";

// Each list's code, its data and the queries' library load as its section comes near.
const PopularClassesList = lazy(() => import("./popular-lists").then((m) => ({ default: m.PopularClassesSection })));
const PopularInstructorsList = lazy(() =>
  import("./popular-lists").then((m) => ({ default: m.PopularInstructorsSection })),
);

/** "Our Popular Classes": the 6 most enrolled classes, asked for as the section comes near (skeletons until then). */
export function PopularClasses() {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  return (
    <section
      ref={section}
      data-lazy-section={near ? undefined : ""}
      aria-labelledby="popular-classes-heading"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20"
    >
      <SectionHeading subheading="Most booked" title="Our Popular Classes" id="popular-classes-heading">
        The classes campers pick first this summer.
      </SectionHeading>
      <div className="mt-10">
        {near ? (
          <Suspense fallback={<CardGridSkeleton label="Loading popular classes" />}>
            <PopularClassesList />
          </Suspense>
        ) : (
          <CardGridSkeleton label="Loading popular classes" />
        )}
      </div>
      <div className="mt-10 text-center">
        <Link to="/classes" className={moreClass}>
          View More Class
        </Link>
      </div>
    </section>
  );
}

/** "Our Popular Instructors": 6 instructors, who teaches most first, asked for as the section comes near. */
export function PopularInstructors() {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  return (
    <section
      ref={section}
      data-lazy-section={near ? undefined : ""}
      aria-labelledby="popular-instructors-heading"
      className="bg-slate-50 py-16 md:py-20 dark:bg-slate-900/60"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading subheading="Meet the coaches" title="Our Popular Instructors" id="popular-instructors-heading">
          Certified coaches and former athletes, on the field with campers every day.
        </SectionHeading>
        <div className="mt-10">
          {near ? (
            <Suspense fallback={<CardGridSkeleton label="Loading popular instructors" kind="person" />}>
              <PopularInstructorsList />
            </Suspense>
          ) : (
            <CardGridSkeleton label="Loading popular instructors" kind="person" />
          )}
        </div>
        <div className="mt-10 text-center">
          <Link to="/instructors" className={moreClass}>
            View More Instructor
          </Link>
        </div>
      </div>
    </section>
  );
}
