import { useEffect, useRef, useState, type DragEvent } from "react";
import { errorMessage, resolveImageUrl } from "shared-auth";
import { imageProblem, uploadImage } from "shared-auth/image-upload";
import { secondaryClass } from "./ui";

type Upload =
  | { state: "idle" }
  | { state: "uploading"; percent: number; preview: string }
  | { state: "done"; url: string; preview: string };

/**
 * The class image: a file picker or a dropped file, checked before upload, previewed, uploaded to
 * POST /images with progress; cancel stops the upload, replace picks another file.
 */
export function ImagePicker({
  id,
  value,
  error,
  onChange,
  onBusy,
}: {
  id: string;
  /** The uploaded image's path (or the class's current image when editing). */
  value: string;
  error?: string | undefined;
  onChange: (url: string, problem?: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      onChange("", problem);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const preview = URL.createObjectURL(file);
    setUpload({ state: "uploading", percent: 0, preview });
    onChange("");
    onBusy(true);
    try {
      const url = await uploadImage(
        file,
        (percent) => setUpload({ state: "uploading", percent, preview }),
        controller.signal,
      );
      setUpload({ state: "done", url, preview });
      onChange(url);
    } catch (e) {
      if (controller.signal.aborted) {
        setUpload({ state: "idle" });
        onChange("", "Upload canceled. Choose the class image again.");
      } else {
        setUpload({ state: "idle" });
        onChange("", `The image was not uploaded: ${errorMessage(e)}`);
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      onBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void start(file);
  };

  const shown = upload.state === "idle" ? (resolveImageUrl(value) ?? "") : upload.preview;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");

  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        Class image
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`mt-1.5 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-4 text-center sm:flex-row sm:text-left ${
          dragging
            ? "border-orange-500 bg-orange-50 dark:bg-orange-950/30"
            : error
              ? "border-red-500"
              : "border-slate-300 dark:border-slate-700"
        }`}
      >
        {shown ? (
          <img src={shown} alt="Preview of the class image" className="h-24 w-36 rounded-lg object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-24 w-36 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
          >
            No image
          </div>
        )}
        <div className="flex flex-1 flex-col gap-2">
          <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            Drop an image here or choose a file: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.
          </p>
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void start(file);
              }}
            />
            <button type="button" className={secondaryClass} onClick={() => input.current?.click()}>
              {shown ? "Replace image" : "Choose image"}
            </button>
            {upload.state === "uploading" && (
              <button type="button" className={secondaryClass} onClick={() => abort.current?.abort()}>
                Cancel upload
              </button>
            )}
          </div>
          {upload.state === "uploading" && (
            <div className="flex items-center gap-2">
              <progress
                max={100}
                value={upload.percent}
                aria-label="Image upload"
                className="h-2 w-full overflow-hidden rounded accent-orange-700"
              />
              <span className="text-sm tabular-nums text-slate-600 dark:text-slate-400">{upload.percent}%</span>
            </div>
          )}
          {upload.state === "done" && (
            <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
              Image uploaded.
            </p>
          )}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
