import { Link } from "react-router-dom";
import { ImageOrInitials } from "shared-auth";
import { plural } from "../lib/format";
import type { Instructor } from "../lib/public-queries";

/** The level of the cards' headings: one below the heading of the page or section the grid is in. */
type CardHeadingLevel = 2 | 3;

/** Spec section 2: photo, name, e-mail and "View Classes" (to that instructor's approved classes). */
export function InstructorCard({
  instructor,
  headingLevel,
}: {
  instructor: Instructor;
  headingLevel: CardHeadingLevel;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-testid="instructor-card"
      aria-labelledby={`instructor-${instructor._id}`}
      className="flex h-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm transition-shadow hover:shadow-lg dark:border-slate-800 dark:bg-slate-900"
    >
      <ImageOrInitials
        src={instructor.photo}
        alt={instructor.photo ? `Portrait of ${instructor.name}` : ""}
        name={instructor.name}
        width={128}
        height={128}
        className="h-32 w-32 shrink-0 rounded-full object-cover text-4xl ring-4 ring-orange-100 dark:ring-orange-900/50"
        placeholderClassName="bg-indigo-700 text-white"
      />
      <Heading
        id={`instructor-${instructor._id}`}
        className="mt-4 font-display text-xl font-bold text-slate-900 dark:text-white"
      >
        {instructor.name}
      </Heading>
      <a
        href={`mailto:${instructor.email}`}
        className="mt-1 text-sm break-all text-slate-600 underline-offset-2 hover:text-orange-700 hover:underline dark:text-slate-400 dark:hover:text-orange-400"
      >
        {instructor.email}
      </a>
      {instructor.classCount !== undefined && (
        <p className="mt-2 text-sm font-medium text-indigo-700 dark:text-indigo-300">
          {plural(instructor.classCount, "class", "classes")} this summer
        </p>
      )}
      <Link
        to={`/instructors/${instructor._id}`}
        aria-label={`View Classes of ${instructor.name}`}
        className="mt-5 inline-flex items-center justify-center rounded-full bg-indigo-700 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 dark:bg-indigo-600 dark:hover:bg-indigo-500"
      >
        View Classes
      </Link>
    </article>
  );
}

export function InstructorGrid({
  items,
  label,
  headingLevel,
}: {
  items: Instructor[];
  label: string;
  headingLevel: CardHeadingLevel;
}) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
      {items.map((instructor) => (
        <li key={instructor._id} className="motion-safe:animate-fade-up">
          <InstructorCard instructor={instructor} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
