import { campSeason } from "shared-auth";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ClassGrid } from "../components/class-card";
import { CardGridSkeleton, EmptyState, ErrorState } from "../components/list-states";
import { SectionHeading } from "../components/section-heading";
import { useClassPages } from "../lib/public-queries";
import { PublicRoot } from "../components/public-root";
import { classListParams, readClassList } from "../features/class-list/class-filters";
import { FilterBar } from "../features/class-list/filter-bar";
import { plural } from "../lib/format";
import { actionColors, moreClass } from "../components/form-styles";
import "../styles.css";

/**
 * /classes (spec section 2; decisions 013 and 014): the approved classes a page at a time from the
 * server, narrowed and sorted by the filters in the URL, with "Show more".
 */
export default function ClassesPage() {
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const state = readClassList(params);
  const pages = useClassPages(state.query, state.pages);
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const failed = pages.find((p) => p.isError);
  const listRef = useRef<HTMLDivElement>(null);
  // After "Show more", keyboard focus moves to the first new card, where reading continues.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>("[data-testid=class-card] h2 a")[from]?.focus();
  }, [items.length]);

  const showMore = () => {
    focusFrom.current = items.length;
    const next = new URLSearchParams(params);
    next.set("page", String(state.pages + 1));
    // Pages replace the entry: Back leaves the list rather than stepping through its pages.
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionHeading level={1} subheading={`Summer camp ${campSeason()}`} title="Our Classes">
          Pick the sports you want to play this summer: filter by your child&apos;s age, level and the week that suits
          you.
        </SectionHeading>
        <div className="mt-8">
          <FilterBar
            key={params.toString()}
            state={state}
            onApply={(values) => setParams(classListParams(values))}
            onClear={() => setParams({})}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((was) => !was)}
          />
        </div>
        <div className="mt-8" ref={listRef}>
          {first.isPending ? (
            <CardGridSkeleton label="Loading classes" />
          ) : failed && items.length === 0 ? (
            <ErrorState what="The classes" error={failed.error} onRetry={() => void failed.refetch()} />
          ) : items.length === 0 ? (
            state.filtered ? (
              <EmptyState
                title="No classes match these filters"
                action={
                  <button
                    type="button"
                    onClick={() => setParams({})}
                    className={`inline-flex rounded-full px-6 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 ${actionColors}`}
                  >
                    Clear filters
                  </button>
                }
              >
                Try another week or age, or see every class.
              </EmptyState>
            ) : (
              <EmptyState title="No classes open yet">
                Our instructors are preparing this summer&apos;s programme. Look again soon, or{" "}
                <Link to="/contact" className="font-semibold text-orange-700 underline dark:text-orange-400">
                  ask us
                </Link>{" "}
                what is planned.
              </EmptyState>
            )
          ) : (
            <>
              <p role="status" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
                Showing {plural(items.length, "class", "classes")}
                {last.data?.hasMore ? "; more below" : ""}
              </p>
              <ClassGrid items={items} label="Classes" />
              <div className="mt-10 text-center">
                {failed ? (
                  <ErrorState what="More classes" error={failed.error} onRetry={() => void failed.refetch()} />
                ) : last.isPending ? (
                  <CardGridSkeleton label="Loading more classes" count={3} />
                ) : (
                  last.data?.hasMore && (
                    <button type="button" onClick={showMore} className={moreClass}>
                      Show more classes
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
