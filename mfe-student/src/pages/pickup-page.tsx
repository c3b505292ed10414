import { useId, useState, type FormEvent } from "react";
import { errorMessage, useStudentEmail } from "shared-auth";
import { NotAStudent } from "../components/no-student";
import { PageFrame } from "../components/page-frame";
import { EmptyState, ErrorState, RowsSkeleton } from "../components/states";
import { actionButton, card } from "../components/styles";
import { dangerButton, describedBy, Field, inputClass, secondaryButton } from "../features/campers/form-ui";
import {
  pinInGroups,
  usePickup,
  usePickupChanges,
  type FamilyPickup,
  type NewPickupPin,
  type PickupPerson,
} from "../features/pickup/pickup-api";
import "../styles.css";
import { fieldErrors } from "shared-auth/field-errors";

type Changes = ReturnType<typeof usePickupChanges>;

/** A PIN just made: shown this once, to write down, print or pass on. */
function NewPin({ made, onDone }: { made: NewPickupPin; onDone: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border-2 border-emerald-800 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <p className="font-semibold">{made.person.name}&apos;s PIN for pick-up:</p>
      <p className="my-2 font-mono text-4xl font-bold tracking-widest" data-testid="new-pin">
        {pinInGroups(made.pin)}
      </p>
      <p>
        Shown this once: the academy keeps only a scrambled copy. Give it to {made.person.name}; the coach asks for it
        at check-out. Lost, it can be replaced with a new one.
      </p>
      <div className="mt-3 flex flex-wrap gap-2 print:hidden">
        <button type="button" className={secondaryButton} onClick={() => print()}>
          Print
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done, I have it
        </button>
      </div>
    </div>
  );
}

function PersonRow({
  person,
  season,
  changes,
  onPin,
}: {
  person: PickupPerson;
  season: number;
  changes: Changes;
  onPin: (m: NewPickupPin) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-700">
      <p className="font-semibold text-slate-900 dark:text-white">
        {person.name}{" "}
        <span className="font-normal text-slate-700 dark:text-slate-300">
          ({person.relation}) · {person.phone}
        </span>
      </p>
      <p
        className={
          person.current
            ? "text-sm text-slate-700 dark:text-slate-300"
            : "text-sm font-semibold text-red-800 dark:text-red-300"
        }
      >
        {person.current
          ? `May collect in ${season}.`
          : `Not confirmed for ${season}: confirm to let them collect this season (a new PIN is made).`}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={busy || undefined}
          onClick={() => void run(async () => onPin(await changes.renew(person._id)))}
        >
          {person.current ? `New PIN for ${person.name}` : `Confirm ${person.name} for ${season}`}
        </button>
        <button
          type="button"
          className={dangerButton}
          aria-disabled={busy || undefined}
          onClick={() => void run(() => changes.remove(person._id))}
        >
          Remove {person.name}
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </li>
  );
}

const EMPTY = { name: "", relation: "", phone: "", email: "" };

function AddPerson({
  camperId,
  camperName,
  changes,
  onPin,
}: {
  camperId: string;
  camperName: string;
  changes: Changes;
  onPin: (m: NewPickupPin) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      onPin(await changes.add({ camper_id: camperId, ...values, email: values.email.trim() || null }));
      setValues(EMPTY);
    } catch (error) {
      setFields(fieldErrors(error));
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const input = (
    key: keyof typeof EMPTY,
    label: string,
    extra: { type?: string; autoComplete?: string; required?: boolean; hint?: string },
  ) => (
    <Field id={`${id}-${key}`} label={label} error={fields[key]} hint={extra.hint}>
      <input
        id={`${id}-${key}`}
        className={inputClass}
        type={extra.type ?? "text"}
        autoComplete={extra.autoComplete ?? "off"}
        required={extra.required ?? true}
        value={values[key]}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={describedBy(`${id}-${key}`, fields[key], extra.hint)}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-2 flex flex-col gap-3"
      aria-label={`Add a person who may collect ${camperName}`}
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">Add a person who may collect {camperName}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {input("name", "Full name", { autoComplete: "off" })}
        {input("relation", "Relation to the camper", { hint: "For example: grandmother, neighbour, nanny" })}
        {input("phone", "Mobile phone", { type: "tel" })}
        {input("email", "E-mail (optional)", { type: "email", required: false })}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div>
        <button type="submit" className={actionButton} aria-disabled={busy || undefined} disabled={busy}>
          Add and make a PIN
        </button>
      </div>
    </form>
  );
}

function Guardians({
  data,
  changes,
  onPin,
}: {
  data: FamilyPickup;
  changes: Changes;
  onPin: (m: NewPickupPin) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  if (data.guardians.length === 0)
    return (
      <p className="text-slate-700 dark:text-slate-300">
        Give your own details under Parents and guardians on My Campers to get a PIN of your own.
      </p>
    );
  return (
    <section aria-labelledby="pickup-guardians" className={`p-4 sm:p-6 ${card}`}>
      <h2 id="pickup-guardians" className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Parents and guardians
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        A guardian&apos;s PIN collects any of your campers.
      </p>
      <ul>
        {data.guardians.map((g) => (
          <li
            key={g.position}
            className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-700"
          >
            <p className="text-slate-900 dark:text-white">
              <span className="font-semibold">{g.name}</span> ({g.relation}):{" "}
              {g.pin
                ? g.pin.current
                  ? `PIN made for ${data.season}`
                  : `PIN not confirmed for ${data.season}`
                : "no PIN yet"}
            </p>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setProblem(null);
                changes.guardianPin(g.position).then(onPin, (error: unknown) => setProblem(errorMessage(error)));
              }}
            >
              {g.pin ? `New PIN for ${g.name}` : `Make a PIN for ${g.name}`}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}

function CamperPickup({
  camper,
  season,
  changes,
  onPin,
}: {
  camper: FamilyPickup["campers"][number];
  season: number;
  changes: Changes;
  onPin: (m: NewPickupPin) => void;
}) {
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-labelledby={headingId} className={`p-4 sm:p-6 ${card}`} data-testid="camper-pickup">
      <h2 id={headingId} className="font-display text-xl font-bold text-slate-900 dark:text-white">
        {camper.name}
      </h2>
      <label className="mt-2 flex items-center gap-3 text-slate-900 dark:text-white">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={camper.may_leave_alone}
          onChange={(e) => {
            setProblem(null);
            changes
              .leavesAlone(camper.camper_id, e.target.checked)
              .catch((error: unknown) => setProblem(errorMessage(error)));
          }}
        />
        {camper.name} may leave alone at the end of the day
      </label>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {camper.people.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">Nobody else may collect {camper.name} yet.</p>
      ) : (
        <ul className="mt-2" aria-label={`People who may collect ${camper.name}`}>
          {camper.people.map((p) => (
            <PersonRow key={p._id} person={p} season={season} changes={changes} onPin={onPin} />
          ))}
        </ul>
      )}
      <AddPerson camperId={camper.camper_id} camperName={camper.name} changes={changes} onPin={onPin} />
    </section>
  );
}

/** /dashboard/pickup: who may collect each camper at the end of the day, each with a PIN (decision 046). */
export default function PickupPage() {
  const email = useStudentEmail();
  const pickup = usePickup();
  const changes = usePickupChanges();
  const [made, setMade] = useState<NewPickupPin | null>(null);
  let body;
  if (email === null) body = <NotAStudent />;
  else if (pickup.isPending) body = <RowsSkeleton label="Loading who may collect your campers" rows={2} />;
  else if (pickup.isError)
    body = <ErrorState what="Your pick-up people" error={pickup.error} onRetry={() => void pickup.refetch()} />;
  else if (pickup.data.campers.length === 0)
    body = (
      <EmptyState title="No campers yet" to="/dashboard/campers" linkLabel="Add a camper">
        Add your campers first; then say here who may collect each of them.
      </EmptyState>
    );
  else
    body = (
      <>
        {made && <NewPin made={made} onDone={() => setMade(null)} />}
        <Guardians data={pickup.data} changes={changes} onPin={setMade} />
        {pickup.data.campers.map((c) => (
          <CamperPickup key={c.camper_id} camper={c} season={pickup.data.season} changes={changes} onPin={setMade} />
        ))}
      </>
    );
  return (
    <PageFrame
      title="Pick-up"
      intro={`Who may collect each camper at the end of the day, confirmed each season. Each person gets a six-digit PIN, shown once: the coach asks for it at check-out. The contacts in a camper's details are for staff to call; only the people here may collect.`}
    >
      {body}
    </PageFrame>
  );
}
