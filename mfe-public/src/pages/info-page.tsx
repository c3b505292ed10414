import { useEffect } from "react";
import { Link, NavLink, useParams } from "react-router-dom";
import { EmptyState } from "../components/list-states";
import { SectionHeading } from "../components/section-heading";
import { useAcademyFacts } from "../lib/academy";
import { INFO_SLUGS, infoPages } from "../lib/info-pages";
import { PublicRoot } from "../components/public-root";
import "../styles.css";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-orange-50 text-orange-700 dark:bg-orange-950/40 dark:text-orange-300"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

/** /info/:slug: the short pages the footer's Quick Links and Information items lead to. */
export default function InfoPage() {
  const { slug } = useParams();
  const academy = useAcademyFacts();
  const pages = infoPages(academy);
  const page = slug && Object.hasOwn(pages, slug) ? pages[slug as keyof typeof pages] : null;

  useEffect(() => {
    document.title = `${page?.title ?? "Information"} | ${academy.name}`;
  }, [page, academy.name]);

  return (
    <PublicRoot>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Information pages" className="order-last lg:order-first">
          <h2 className="px-3 text-xs font-bold tracking-widest text-slate-500 uppercase dark:text-slate-400">
            Information
          </h2>
          <ul className="mt-3 grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
            {INFO_SLUGS.map((s) => (
              <li key={s}>
                <NavLink to={`/info/${s}`} className={navClass}>
                  {pages[s].title}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={navClass}>
                Contact Us
              </NavLink>
            </li>
          </ul>
        </nav>
        {page ? (
          <article className="min-w-0">
            <SectionHeading level={1} align="left" subheading={page.subheading} title={page.title}>
              <p className="text-lg">{page.intro}</p>
            </SectionHeading>
            <div className="mt-8 max-w-3xl flex flex-col gap-8">
              {page.sections.map((section) => (
                <section key={section.heading}>
                  <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">{section.heading}</h2>
                  {section.paragraphs.map((p) => (
                    <p key={p} className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">
                      {p}
                    </p>
                  ))}
                </section>
              ))}
            </div>
            <p className="mt-10 text-slate-600 dark:text-slate-400">
              Still have a question?{" "}
              <Link to="/contact" className="font-semibold text-orange-700 underline dark:text-orange-400">
                Write to us
              </Link>
              .
            </p>
          </article>
        ) : (
          <div>
            <h1 className="sr-only">Information</h1>
            <EmptyState title="There is no such information page">
              Pick one of the pages in the list, or{" "}
              <Link to="/contact" className="font-semibold text-orange-700 underline dark:text-orange-400">
                ask us directly
              </Link>
              .
            </EmptyState>
          </div>
        )}
      </div>
    </PublicRoot>
  );
}
