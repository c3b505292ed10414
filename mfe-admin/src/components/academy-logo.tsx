import { useEffect, useRef, useState } from "react";
import { errorMessage, resolveImageUrl } from "shared-auth";
import { imageProblem, uploadImage } from "shared-auth/image-upload";
import { buttonStyles } from "./buttons";
import { HINT } from "./front-desk/fields";

/**
 * The academy's logo on Admin Home (decision 051): an image uploaded to POST /images (checked in
 * the browser first, re-encoded by the API), shown as the navbar and footer will show it, or the
 * site's own mark when there is none. The upload is the logo only once the details are saved.
 */
export function AcademyLogo({
  id,
  value,
  problem,
  onChange,
  onBusy,
}: {
  id: string;
  /** The uploaded image's path, or null for the site's own mark. */
  value: string | null;
  problem?: string | undefined;
  onChange: (url: string | null, problem?: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const refused = imageProblem(file);
    if (refused) return onChange(value, refused);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    onBusy(true);
    try {
      onChange(await uploadImage(file, setPercent, controller.signal));
    } catch (error) {
      onChange(value, controller.signal.aborted ? undefined : `The logo was not uploaded: ${errorMessage(error)}`);
    } finally {
      if (abort.current === controller) abort.current = null;
      setPercent(null);
      onBusy(false);
    }
  };

  const shown = resolveImageUrl(value);
  const described = [`${id}-hint`, problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      {shown ? (
        <img src={shown} alt="The academy's logo" className="h-16 w-16 shrink-0 rounded-full object-cover" />
      ) : (
        <p className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-orange-700 text-center text-xs font-semibold text-white">
          Site&apos;s mark
        </p>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <p id={`${id}-hint`} className={HINT}>
          A square picture shows best: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB. It appears in a circle beside the
          name.
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-label="Logo"
          aria-describedby={described}
          aria-invalid={problem ? true : undefined}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void start(file);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonStyles.plain}
            onClick={() => input.current?.click()}
            disabled={percent !== null}
          >
            {percent !== null ? `Uploading… ${percent}%` : shown ? "Replace the logo" : "Upload a logo"}
          </button>
          {percent !== null && (
            <button type="button" className={buttonStyles.plain} onClick={() => abort.current?.abort()}>
              Cancel upload
            </button>
          )}
          {shown && percent === null && (
            <button type="button" className={buttonStyles.plain} onClick={() => onChange(null)}>
              Use the site&apos;s own mark
            </button>
          )}
        </div>
        {problem && (
          <p id={`${id}-problem`} className="text-sm font-medium text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
