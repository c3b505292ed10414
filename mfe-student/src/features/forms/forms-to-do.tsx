import { Link } from "react-router-dom";
import { card } from "../../components/styles";
import { dayInWords } from "../checkout/plan-choice";
import { useFamilyForms } from "./forms-api";

/**
 * Student Home's list of what is still needed before the first day, per camper with its due date
 * (decision 045); nothing when everything is done or nothing is booked. Asked once the page's own
 * first answers are in (`ready`), so a session being renewed as the page opens is renewed before it.
 */
export function FormsToDo({ ready }: { ready: boolean }) {
  const forms = useFamilyForms(ready);
  const missing = forms.data?.items.filter((i) => i.status !== "complete") ?? [];
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="forms-to-do" className={`flex flex-col gap-2 p-4 ${card}`} data-testid="forms-to-do">
      <h2 id="forms-to-do" className="font-display text-lg font-bold text-slate-900 dark:text-white">
        Still needed before the first day
      </h2>
      <ul className="flex flex-col gap-1 text-slate-800 dark:text-slate-200">
        {missing.map((item) => (
          <li key={`${item.form_id}|${item.camper_id ?? ""}`}>
            {`${item.title} for ${item.camper_name ?? "your family"}: `}
            <span className={item.status === "late" ? "font-semibold text-red-700 dark:text-red-300" : ""}>
              {item.status === "late"
                ? `late, was due ${dayInWords(item.due_date)}`
                : `due ${dayInWords(item.due_date)}`}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to="/dashboard/forms"
        className="self-start font-semibold text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
      >
        Complete them in My Forms
      </Link>
    </section>
  );
}
