import { useRef } from "react";
import { Link } from "react-router-dom";
import { ImageOrInitials, type ClassItem } from "shared-auth";
import { plural } from "../lib/format";
import { TodayPrice } from "./price-today";
import { usePopularClasses, usePopularInstructors } from "../lib/public-queries";
import { useNearViewport } from "../lib/use-near-viewport";
import { InstructorGrid } from "./instructor-card";
import { moreClass } from "./form-styles";
import { CardGridSkeleton, EmptyState, ErrorState } from "./list-states";
import { SectionHeading } from "./section-heading";

function PopularClassCard({ item, rank }: { item: ClassItem; rank: number }) {
  return (
    <article
      data-testid="popular-class"
      aria-labelledby={`popular-${item._id}`}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="relative overflow-hidden">
        <ImageOrInitials
          src={item.image}
          alt={item.class_name}
          name={item.class_name}
          width={800}
          height={500}
          className="aspect-[8/5] w-full bg-slate-200 object-cover text-5xl transition-transform duration-500 hover:scale-105 motion-reduce:transition-none dark:bg-slate-800"
        />
        <span className="absolute top-3 left-3 rounded-full bg-indigo-800 px-3 py-1 text-xs font-bold text-white shadow">
          #{rank}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={`popular-${item._id}`} className="font-display text-lg font-bold text-slate-900 dark:text-white">
          {item.class_name}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">with {item.instructor}</p>
        <div className="mt-4 flex items-baseline justify-between gap-3 text-sm">
          <span className="font-semibold text-indigo-700 dark:text-indigo-300">
            {plural(item.enrolled_seats, "student", "students")} enrolled
          </span>
          <span className="text-right text-slate-900 dark:text-white">
            <TodayPrice item={item} />
          </span>
        </div>
      </div>
    </article>
  );
}

/** "Our Popular Classes": the 6 most enrolled classes, asked for as the section comes near (skeletons until then). */
export function PopularClasses() {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const classes = usePopularClasses({ enabled: near });
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
        {classes.isPending ? (
          <CardGridSkeleton label="Loading popular classes" />
        ) : classes.isError ? (
          <ErrorState what="The popular classes" error={classes.error} onRetry={() => void classes.refetch()} />
        ) : classes.data.length === 0 ? (
          <EmptyState title="No classes open yet">This summer&apos;s classes are announced soon.</EmptyState>
        ) : (
          <ul aria-label="Popular classes" className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
            {classes.data.map((item, i) => (
              <li key={item._id}>
                <PopularClassCard item={item} rank={i + 1} />
              </li>
            ))}
          </ul>
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
  const instructors = usePopularInstructors({ enabled: near });
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
          {instructors.isPending ? (
            <CardGridSkeleton label="Loading popular instructors" kind="person" />
          ) : instructors.isError ? (
            <ErrorState what="The instructors" error={instructors.error} onRetry={() => void instructors.refetch()} />
          ) : instructors.data.length === 0 ? (
            <EmptyState title="No instructors yet">Our coaching team is announced soon.</EmptyState>
          ) : (
            <InstructorGrid items={instructors.data} label="Popular instructors" headingLevel={3} />
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
