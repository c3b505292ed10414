import { useState } from "react";
import { Link } from "react-router-dom";
import awards from "../assets/about/awards.svg";
import campus from "../assets/about/campus.svg";
import classroom from "../assets/about/classroom.svg";
import coaching from "../assets/about/coaching.svg";
import { ACADEMY, useAcademyFacts } from "../lib/academy";
import { SectionHeading } from "./section-heading";
import { actionColors } from "./form-styles";

const PICTURES = [
  {
    src: classroom,
    alt: "A classroom with a play diagram on the board, books on the desk and a basketball beneath it",
  },
  { src: coaching, alt: "A coach with a clipboard watches a camper dribble between training cones" },
  { src: campus, alt: "Camp cabins among pine trees below snow-capped mountains at sunset" },
  { src: awards, alt: "Three campers on a podium with gold, silver and bronze medals under confetti" },
];

/** Spec section 1: a mission, a vision, four images and a Show More button that reveals more. */
export function AboutUs() {
  const [more, setMore] = useState(false);
  const academy = useAcademyFacts();
  // `data-academy` names the fact a span shows: the painted copy of this page (decision 018) is
  // given the browser's remembered facts by index.html before any script runs.
  return (
    <section aria-labelledby="about-heading" className="py-16 md:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <ul className="grid grid-cols-2 gap-4" aria-label="Life at the academy">
          {PICTURES.map((picture, i) => (
            <li key={picture.src} className={i % 2 === 1 ? "translate-y-6" : ""}>
              <img
                src={picture.src}
                alt={picture.alt}
                width={600}
                height={450}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md ring-1 ring-slate-200 dark:ring-slate-800"
              />
            </li>
          ))}
        </ul>
        <div>
          <SectionHeading subheading="About Us" title="Where school and sport meet" id="about-heading" align="left" />
          <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">
            <span data-academy="name">{academy.name}</span> is a school that combines academics with sports training.{" "}
            <span data-academy="dayText">{academy.dayText}</span>
          </p>
          <dl className="mt-6 flex flex-col gap-5">
            <div className="rounded-2xl border-l-4 border-orange-500 bg-orange-50 p-5 dark:bg-orange-950/30">
              <dt className="font-display text-lg font-bold text-slate-900 dark:text-white">Our mission</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">
                Give every young athlete expert coaching and a real education at the same time, so no one has to choose
                between the two.
              </dd>
            </div>
            <div className="rounded-2xl border-l-4 border-indigo-600 bg-indigo-50 p-5 dark:bg-indigo-950/40">
              <dt className="font-display text-lg font-bold text-slate-900 dark:text-white">Our vision</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">
                A generation of confident, healthy learners who carry the discipline of sport into the classroom and the
                curiosity of the classroom onto the field.
              </dd>
            </div>
          </dl>
          <div id="about-more" hidden={!more} className="mt-6 flex flex-col gap-3 text-slate-700 dark:text-slate-300">
            <p>
              Our coaches are certified in their sport and in first aid, and every class keeps small groups so each
              camper gets attention. Study mentors run the afternoon block: homework help, reading circles and project
              work on the science of sport.
            </p>
            <p>
              The summer camp runs <span data-academy="seasonText">{academy.seasonText}</span> for ages {ACADEMY.ages}{" "}
              on our own campus, with a pool, indoor courts, a climbing wall and an outdoor track.{" "}
              <Link to="/info/camp" className="font-semibold text-orange-700 underline dark:text-orange-400">
                Read the camp information
              </Link>
              .
            </p>
          </div>
          <button
            type="button"
            aria-expanded={more}
            aria-controls="about-more"
            onClick={() => setMore((m) => !m)}
            className={`mt-6 inline-flex cursor-pointer items-center rounded-full px-7 py-3 font-semibold shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 ${actionColors}`}
          >
            {more ? "Show Less" : "Show More"}
          </button>
        </div>
      </div>
    </section>
  );
}
