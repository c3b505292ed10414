import { CardGridSkeleton, EmptyState, ErrorState } from "../components/list-states";
import { InstructorGrid } from "../components/instructor-card";
import { SectionHeading } from "../components/section-heading";
import { useInstructorPages } from "../lib/public-queries";
import { PublicRoot } from "../components/public-root";
import { useSearchParams } from "react-router-dom";
import { MAX_PAGES } from "../features/class-list/class-filters";
import { moreClass } from "../components/form-styles";
import "../styles.css";

/** /instructors (spec section 2): the instructors a page at a time, with a way to their classes. */
export default function InstructorsPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("page"));
  const pages = useInstructorPages(Number.isInteger(asked) && asked > 1 ? Math.min(asked, MAX_PAGES) : 1);
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const failed = pages.find((p) => p.isError);
  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionHeading level={1} subheading="Meet the coaches" title="Our Instructors">
          Former athletes and certified coaches who teach the game and the habits behind it.
        </SectionHeading>
        <div className="mt-10">
          {first.isPending ? (
            <CardGridSkeleton label="Loading instructors" kind="person" />
          ) : failed && items.length === 0 ? (
            <ErrorState what="The instructors" error={failed.error} onRetry={() => void failed.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState title="No instructors yet">Our coaching team for this summer is announced soon.</EmptyState>
          ) : (
            <>
              <InstructorGrid items={items} label="Instructors" headingLevel={2} />
              <div className="mt-10 text-center">
                {failed ? (
                  <ErrorState what="More instructors" error={failed.error} onRetry={() => void failed.refetch()} />
                ) : last.isPending ? (
                  <CardGridSkeleton label="Loading more instructors" kind="person" count={3} />
                ) : (
                  last.data?.hasMore && (
                    <button
                      type="button"
                      onClick={() =>
                        setParams({ page: String(pages.length + 1) }, { replace: true, preventScrollReset: true })
                      }
                      className={moreClass}
                    >
                      Show more instructors
                    </button>
                  )
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </PublicRoot>
  );
}
