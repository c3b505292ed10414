import { Link } from "react-router-dom";
import { UserAvatar, useAcademy } from "shared-auth";
import { InstructorRoot } from "../components/instructor-root";
import { ErrorState, ListSkeleton, PageTitle } from "../components/ui";
import { classSummary, money, useMyClasses, useMyRevenue, type MyClass } from "../lib/my-classes";
import "../styles.css";

/** /dashboard/instructorhome: who is signed in, and their classes in figures. */
export default function InstructorHomePage() {
  const user = useAcademy((s) => s.user);
  const classes = useMyClasses();
  return (
    <InstructorRoot>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <div className="mb-6 flex items-center gap-4">
          <UserAvatar
            name={user?.displayName || user?.email || "Instructor"}
            photo={user?.photoURL}
            className="h-16 w-16 text-2xl"
          />
          <PageTitle title="Instructor Home">{`Welcome, ${user?.displayName ?? "Instructor"}: your classes at a glance.`}</PageTitle>
        </div>
        {classes.isPending ? (
          <ListSkeleton label="Loading your figures" rows={2} />
        ) : classes.isError ? (
          <ErrorState what="Your figures" error={classes.error} onRetry={() => void classes.refetch()} />
        ) : (
          <Figures list={classes.data} />
        )}
      </div>
    </InstructorRoot>
  );
}

function Figures({ list }: { list: MyClass[] }) {
  const s = classSummary(list);
  // Paid orders at the prices paid (a price changed later does not rewrite what was earned).
  const earned = useMyRevenue();
  const revenue = earned.data ? money(earned.data.revenue) : earned.isError ? "Not available" : "…";
  const figures: [string, string | number, string][] = [
    ["Pending review", s.pending, "/dashboard/myclasses?status=pending"],
    ["Approved", s.approved, "/dashboard/myclasses?status=approved"],
    ["Denied", s.denied, "/dashboard/myclasses?status=denied"],
    ["Enrolled students", s.enrolled, "/dashboard/myclasses"],
    ["Seats left", s.seatsLeft, "/dashboard/myclasses?status=approved"],
    ["Revenue", revenue, "/dashboard/myclasses"],
  ];
  return (
    <>
      {list.length === 0 && (
        <p className="mb-4 rounded-xl bg-slate-50 px-4 py-3 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          You have no classes yet.{" "}
          <Link to="/dashboard/addclass" className="font-semibold text-orange-800 underline dark:text-orange-300">
            Add your first class
          </Link>
          .
        </p>
      )}
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {figures.map(([label, value, to]) => (
          <li key={label}>
            <Link
              to={to}
              className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-orange-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
              <span className="mt-1 block font-display text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
                {value}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
