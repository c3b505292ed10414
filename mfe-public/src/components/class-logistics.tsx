import { useAcademyFacts, type ClassItem } from "shared-auth";
import { classLogistics } from "../lib/class-logistics";

const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const headingClass = "font-display text-xl font-bold text-slate-900 dark:text-white";
const termClass = "text-sm font-semibold text-slate-500 dark:text-slate-400";
const valueClass = "mt-0.5 text-slate-900 dark:text-white";

/**
 * What a parent needs on the day (the class page's "Where and when" and "What to bring"): drop-off
 * and pick-up, the place at the venue's full address with a map link, and the class's list. All
 * of it the instructor's text, shown as text.
 */
export function ClassLogisticsBlock({ item }: { item: ClassItem }) {
  const academy = useAcademyFacts();
  const { place, address, atAcademy, dropOff, pickUp, bring } = classLogistics(item, academy.addressLines);
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.join(", "))}`;
  return (
    <div className="mt-8 flex flex-col gap-6" data-testid="class-logistics">
      <section aria-labelledby="class-where-heading" className={cardClass}>
        <h2 id="class-where-heading" className={headingClass}>
          Where and when
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className={termClass}>Drop-off</dt>
            <dd className={valueClass} data-testid="class-drop-off">
              {dropOff ? `From ${dropOff}` : "Time to be announced"}
            </dd>
          </div>
          <div>
            <dt className={termClass}>Pick-up</dt>
            <dd className={valueClass} data-testid="class-pick-up">
              {pickUp ? `By ${pickUp}` : "Time to be announced"}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className={termClass}>Where</dt>
            <dd className={valueClass} data-testid="class-venue">
              {place && <p className="font-semibold">{place}</p>}
              <address className="not-italic">
                {atAcademy && <span className="block">{academy.name}</span>}
                {address.map((line, i) => (
                  <span key={i} className="block break-words">
                    {line}
                  </span>
                ))}
              </address>
              <a
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-flex min-h-11 items-center font-semibold text-orange-700 underline-offset-4 hover:underline dark:text-orange-400"
              >
                Open in maps<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </div>
        </dl>
      </section>
      {bring.length > 0 && (
        <section aria-labelledby="class-bring-heading" className={cardClass}>
          <h2 id="class-bring-heading" className={headingClass}>
            What to bring
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300" data-testid="class-bring">
            {bring.map((line, i) => (
              <li key={i} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
