import { useEffect, useRef, useState } from "react";
import { api, errorMessage } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { KeptFormFile } from "shared-auth/wire";
import { describedBy, FieldError } from "../campers/form-ui";
import type { FormField } from "./forms-api";

/** A file question's answer: the upload's id, with the name and kind the API kept it under. */
export interface FileValue {
  file_id: string;
  name?: string;
  kind?: "image" | "pdf";
}

const TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
  "image/avif",
  "image/gif",
];
const MAX_BYTES = 8 * 1024 * 1024;

/** Checked before the upload (the API checks the bytes again): a wrong file never leaves the phone. */
export function fileProblem(file: Pick<File, "type" | "size" | "name">): string | null {
  // Some phones give a HEIC photo no type: its name tells.
  const type = file.type || (/\.hei[cf]$/i.test(file.name) ? "image/heic" : "");
  if (!TYPES.includes(type)) return "Choose a photo (JPEG, PNG, WebP, HEIC, AVIF, GIF) or a PDF.";
  if (file.size === 0) return "The file is empty.";
  if (file.size > MAX_BYTES)
    return "The file is larger than 8 MB. Choose a smaller one, or scan it at a lower quality.";
  return null;
}

/**
 * A file question: the family picks a photo or a PDF, it is uploaded at once with its progress, and
 * the answer names it. A file already given can be downloaded to check, or replaced.
 */
export function FileField({
  field,
  id,
  label,
  hint,
  value,
  error,
  onChange,
  formId,
  camperId,
}: {
  field: FormField;
  id: string;
  label: string;
  hint: string | undefined;
  value: FileValue | undefined;
  error: string | undefined;
  onChange: (value: FileValue | undefined) => void;
  formId: string;
  camperId: string | null;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const wrong = fileProblem(file);
    if (wrong) return setProblem(wrong);
    const controller = new AbortController();
    abort.current = controller;
    const body = new FormData();
    body.append("file", file);
    setPercent(0);
    try {
      const res = await api.post<KeptFormFile>(`/forms/${formId}/files`, body, {
        params: { field: field.key, ...(camperId ? { camper_id: camperId } : {}) },
        signal: controller.signal,
        timeout: 0,
        onUploadProgress: (e) => {
          if (e.total) setPercent(Math.round((e.loaded / e.total) * 100));
        },
      });
      onChange({ file_id: res.data.file_id, name: res.data.name, kind: res.data.kind });
    } catch (failure) {
      if (!controller.signal.aborted) setProblem(errorMessage(failure));
    } finally {
      setPercent(null);
    }
  };

  const shown = problem ?? error;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {value?.file_id && (
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800 dark:text-slate-200">
          <span>{`Uploaded: ${value.name ?? "your file"}`}</span>
          <button
            type="button"
            className="min-h-11 font-semibold text-orange-800 underline dark:text-orange-300"
            onClick={() =>
              void downloadFile(`/forms/files/${value.file_id}`, value.name ?? "file").catch((failure: unknown) =>
                setProblem(errorMessage(failure)),
              )
            }
          >
            Download to check
          </button>
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={`${TYPES.join(",")},.heic,.heif,.pdf`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(id, shown, true)}
        aria-required={field.required || undefined}
        disabled={percent !== null}
        className="mt-1.5 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-800 dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {[hint, `A photo or a PDF, at most 8 MB.${value?.file_id ? " Choosing another replaces it." : ""}`]
          .filter(Boolean)
          .join(" ")}
      </p>
      {percent !== null && (
        <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {`Uploading… ${percent}%`}
        </p>
      )}
      {/* An upload's refusal comes after the choice, so it is announced; a check on sending is not. */}
      {shown && (
        <div role={problem ? "alert" : undefined}>
          <FieldError id={`${id}-error`}>{shown}</FieldError>
        </div>
      )}
    </div>
  );
}
