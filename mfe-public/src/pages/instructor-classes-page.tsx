import { Link, useParams } from "react-router-dom";
import { ImageOrInitials } from "shared-auth";
import { Breadcrumb } from "../components/breadcrumb";
import { ClassGrid } from "../components/class-card";
import { CardGridSkeleton, EmptyState, ErrorState, NotFoundState } from "../components/list-states";
import { isNotFound, useInstructorClasses } from "../lib/public-queries";
import { PublicRoot } from "../components/public-root";
import "../styles.css";

/** /instructors/:instructorId: one instructor and their approved classes ("View Classes"). */
export default function InstructorClassesPage() {
  const { instructorId = "" } = useParams();
  const query = useInstructorClasses(instructorId);
  const instructor = query.data?.instructor;
  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <Breadcrumb parent={{ to: "/instructors", label: "Instructors" }} current={instructor?.name ?? "Classes"} />

        {query.isPending ? (
          <>
            <div className="mt-8 flex animate-pulse items-center gap-5 motion-reduce:animate-none" aria-hidden="true">
              <div className="h-24 w-24 rounded-full bg-slate-200 dark:bg-slate-800" />
              <div className="flex flex-col gap-3">
                <div className="h-4 w-32 rounded bg-slate-200 dark:bg-slate-800" />
                <div className="h-8 w-64 rounded bg-slate-200 dark:bg-slate-800" />
              </div>
            </div>
            <div className="mt-10">
              <CardGridSkeleton label="Loading the instructor's classes" count={3} />
            </div>
          </>
        ) : query.isError ? (
          <div className="mt-8">
            {isNotFound(query.error) ? (
              <>
                <h1 className="sr-only">Instructor not found</h1>
                <NotFoundState
                  title="We could not find this instructor"
                  to="/instructors"
                  linkLabel="See all instructors"
                >
                  The link may be old, or the instructor no longer teaches at the academy.
                </NotFoundState>
              </>
            ) : (
              <>
                <h1 className="sr-only">Instructor&apos;s classes</h1>
                <ErrorState what="This instructor's classes" error={query.error} onRetry={() => void query.refetch()} />
              </>
            )}
          </div>
        ) : (
          <>
            <header className="mt-8 flex flex-col items-start gap-5 sm:flex-row sm:items-center">
              {query.data.instructor.photo && (
                <ImageOrInitials
                  src={query.data.instructor.photo}
                  alt={`Portrait of ${query.data.instructor.name}`}
                  name={query.data.instructor.name}
                  width={96}
                  height={96}
                  loading="eager"
                  className="h-24 w-24 shrink-0 rounded-full object-cover text-3xl ring-4 ring-orange-100 dark:ring-orange-900/50"
                  placeholderClassName="bg-indigo-700 text-white"
                />
              )}
              <div>
                <p className="text-sm font-semibold tracking-[0.2em] text-orange-700 uppercase dark:text-orange-400">
                  Classes by
                </p>
                <h1 className="font-display text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
                  {query.data.instructor.name}
                </h1>
                <a
                  href={`mailto:${query.data.instructor.email}`}
                  className="mt-1 inline-block text-slate-600 hover:text-orange-700 hover:underline dark:text-slate-400 dark:hover:text-orange-400"
                >
                  {query.data.instructor.email}
                </a>
              </div>
            </header>
            <div className="mt-10">
              {query.data.classes.length === 0 ? (
                <EmptyState title="No classes open yet">
                  {query.data.instructor.name} has no class open for booking right now.{" "}
                  <Link to="/classes" className="font-semibold text-orange-700 underline dark:text-orange-400">
                    See every class
                  </Link>
                  .
                </EmptyState>
              ) : (
                <ClassGrid items={query.data.classes} label={`Classes by ${query.data.instructor.name}`} />
              )}
            </div>
          </>
        )}
      </div>
    </PublicRoot>
  );
}
