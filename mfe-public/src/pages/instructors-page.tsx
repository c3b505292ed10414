import { CardGridSkeleton, EmptyState, ErrorState } from "../components/list-states";
import { InstructorGrid } from "../components/instructor-card";
import { SectionHeading } from "../components/section-heading";
import { useInstructors } from "../lib/public-queries";
import { PublicRoot } from "../components/public-root";
import "../styles.css";

/** /instructors (spec section 2): every instructor, with a way to their classes. */
export default function InstructorsPage() {
  const instructors = useInstructors();
  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionHeading level={1} subheading="Meet the coaches" title="Our Instructors">
          Former athletes and certified coaches who teach the game and the habits behind it.
        </SectionHeading>
        <div className="mt-10">
          {instructors.isPending ? (
            <CardGridSkeleton label="Loading instructors" kind="person" />
          ) : instructors.isError ? (
            <ErrorState what="The instructors" error={instructors.error} onRetry={() => void instructors.refetch()} />
          ) : instructors.data.length === 0 ? (
            <EmptyState title="No instructors yet">Our coaching team for this summer is announced soon.</EmptyState>
          ) : (
            <InstructorGrid items={instructors.data} label="Instructors" />
          )}
        </div>
      </div>
    </PublicRoot>
  );
}
