import { useId, useRef, useState } from "react";
import { camperLabel, type FrontDeskFamily } from "../../lib/front-desk";
import { birthLine } from "../../lib/family";
import { buttonStyles } from "../buttons";
import { CamperForm } from "./camper-form";
import { CARD, HINT } from "./fields";

/** The family's campers, and "Add a child" with the fields of the family's own form. */
export function CampersPanel({
  family,
  today,
  onAdded,
}: {
  family: FrontDeskFamily;
  today: string;
  onAdded: (text: string) => void;
}) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 dark:text-white">
          Campers
        </h2>
        {!adding && (
          <button ref={addButton} type="button" className={buttonStyles.plain} onClick={() => setAdding(true)}>
            Add a child
          </button>
        )}
      </div>
      {family.campers.length === 0 ? (
        <p className={HINT}>No camper yet: add a child to book a class.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {family.campers.map((c) => (
            <li key={c._id} className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800">
              <p className="font-semibold break-words text-slate-900 dark:text-white">{camperLabel(c)}</p>
              <p>
                {c.date_of_birth
                  ? `Born ${birthLine({ date_of_birth: c.date_of_birth, removed: false }, today)}`
                  : "Date of birth not given"}
              </p>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <CamperForm
          familyId={family._id}
          onCancel={close}
          onAdded={(camper) => {
            onAdded(`${camper.name} is added to the family.`);
            close();
          }}
        />
      )}
    </section>
  );
}
