import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, errorMessage } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import { answerLines, statusText, type StaffCamperForms } from "../lib/camper-forms";
import { OnDemandState } from "./ui";

const linkButton =
  "cursor-pointer rounded text-sm font-semibold text-orange-800 underline hover:text-orange-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:text-orange-300 print:hidden";

/**
 * The forms a camper's class needs, and the family's answers, fetched when asked for: every read
 * is recorded, and the answers leave the page's memory when hidden again.
 */
export function CamperForms({
  classId,
  camperId,
  camperName,
}: {
  classId: string;
  camperId: string;
  camperName: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const base = `/classes/${classId}/roster/${camperId}`;
  const forms = useQuery({
    queryKey: ["roster", classId, "forms", camperId],
    queryFn: async () => (await api.get<StaffCamperForms>(`${base}/forms`)).data,
    enabled: open,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <div className="mt-1 flex flex-col items-start gap-2 text-base font-normal">
      <button
        type="button"
        className={linkButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${open ? "Hide forms" : "Show forms"}: ${camperName}`}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide forms" : "Show forms"}
      </button>
      <div id={panelId} aria-live="polite" className="w-full print:hidden">
        {open &&
          (!forms.isSuccess ? (
            <OnDemandState query={forms} loading="Loading the forms…" failed="The forms could not be loaded" />
          ) : forms.data.forms.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">This class needs no forms.</p>
          ) : (
            <ul className="flex flex-col gap-3 text-sm">
              {forms.data.forms.map(({ item, version, answer }) => (
                <li key={item.form_id} className="border-l-2 border-slate-300 pl-2 dark:border-slate-600">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    {item.title}
                    {item.camper_id === null && (
                      <span className="font-normal text-slate-600 dark:text-slate-400"> (once per family)</span>
                    )}
                  </p>
                  <p
                    className={
                      item.status === "complete"
                        ? "text-slate-700 dark:text-slate-300"
                        : "font-semibold text-red-800 dark:text-red-300"
                    }
                  >
                    {statusText(item)}
                  </p>
                  {version && answer && (
                    <dl className="mt-1 flex flex-col gap-1">
                      {answerLines(version, answer).map((line) => (
                        <div key={line.key}>
                          <dt className="font-medium text-slate-900 dark:text-white">
                            {line.label}
                            {line.medical && (
                              <span className="font-normal text-slate-600 dark:text-slate-400"> (medical)</span>
                            )}
                          </dt>
                          <dd className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                            {line.text}
                          </dd>
                          {line.file && (
                            <dd>
                              <FileDownload path={`${base}/files/${line.file.file_id}`} name={line.file.name} />
                            </dd>
                          )}
                        </div>
                      ))}
                    </dl>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

/** A family's uploaded file, downloaded on demand (the API records the read), with any refusal said. */
function FileDownload({ path, name }: { path: string; name: string }) {
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const download = async () => {
    setState({ busy: true, problem: null });
    try {
      await downloadFile(path, name);
      setState({ busy: false, problem: null });
    } catch (error) {
      setState({ busy: false, problem: errorMessage(error) });
    }
  };
  return (
    <>
      <button
        type="button"
        className={linkButton}
        aria-disabled={state.busy || undefined}
        onClick={() => void download()}
      >
        {state.busy ? `Downloading ${name}…` : `Download ${name}`}
      </button>
      {state.problem && (
        <span role="alert" className="ml-2 text-red-800 dark:text-red-300">
          {state.problem}
        </span>
      )}
    </>
  );
}
