import { Link } from "react-router-dom";
import { ClassGrid } from "../components/class-card";
import { CardGridSkeleton, EmptyState, ErrorState } from "../components/list-states";
import { SectionHeading } from "../components/section-heading";
import { useClasses } from "../lib/public-queries";
import { PublicRoot } from "../components/public-root";
import "../styles.css";

/** /classes (spec section 2): every approved class, with "Add To Booking". */
export default function ClassesPage() {
  const classes = useClasses();
  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionHeading level={1} subheading="Summer camp 2027" title="Our Classes">
          Pick the sports you want to play this summer. Each class runs mornings on the field, with study time in the
          afternoon.
        </SectionHeading>
        <div className="mt-10">
          {classes.isPending ? (
            <CardGridSkeleton label="Loading classes" />
          ) : classes.isError ? (
            <ErrorState what="The classes" error={classes.error} onRetry={() => void classes.refetch()} />
          ) : classes.data.length === 0 ? (
            <EmptyState title="No classes open yet">
              Our instructors are preparing this summer&apos;s programme. Look again soon, or{" "}
              <Link to="/contact" className="font-semibold text-orange-700 underline dark:text-orange-400">
                ask us
              </Link>{" "}
              what is planned.
            </EmptyState>
          ) : (
            <ClassGrid items={classes.data} label="Classes" />
          )}
        </div>
      </div>
    </PublicRoot>
  );
}
