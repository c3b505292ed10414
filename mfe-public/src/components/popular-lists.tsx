import { ImageOrInitials, type ClassItem } from "shared-auth";
import { QueryProvider } from "shared-auth/queries";
import { plural } from "../lib/format";
import { usePopularClasses, usePopularInstructors } from "../lib/public-queries";
import { InstructorGrid } from "./instructor-card";
import { CardGridSkeleton, EmptyState, ErrorState } from "./list-states";
import { TodayPrice } from "./price-today";

// The home page's two lists, loaded as their sections come near (components/popular.tsx) with
// the queries' library and under the page's QueryClient: the home page's first paint has neither.

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

function PopularClassesList() {
  const classes = usePopularClasses({ enabled: true });
  return classes.isPending ? (
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
  );
}

function PopularInstructorsList() {
  const instructors = usePopularInstructors({ enabled: true });
  return instructors.isPending ? (
    <CardGridSkeleton label="Loading popular instructors" kind="person" />
  ) : instructors.isError ? (
    <ErrorState what="The instructors" error={instructors.error} onRetry={() => void instructors.refetch()} />
  ) : instructors.data.length === 0 ? (
    <EmptyState title="No instructors yet">Our coaching team is announced soon.</EmptyState>
  ) : (
    <InstructorGrid items={instructors.data} label="Popular instructors" headingLevel={3} />
  );
}

/** The 6 most enrolled classes. */
export function PopularClassesSection() {
  return (
    <QueryProvider>
      <PopularClassesList />
    </QueryProvider>
  );
}

/** 6 instructors, who teaches most first. */
export function PopularInstructorsSection() {
  return (
    <QueryProvider>
      <PopularInstructorsList />
    </QueryProvider>
  );
}
