import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { accountErrorMessage, errorMessage, hasPassword, updateAccountProfile, useAcademy } from "shared-auth";
import { Avatar } from "../layout/account-menu";
import { primaryButton } from "../account/button-styles";
import { Field, FormMessage } from "../account/fields";
import { PHOTO_TYPES, photoFileProblem, uploadPhoto } from "../account/photo-upload";
import { messages, URL_PATTERN } from "../account/rules";
import { DeleteAccountSection } from "./delete-account";
import { NotificationSettingsSection } from "./notification-settings";
import { ChangeEmailSection, ChangePasswordSection } from "./sign-in-settings";
import "../account/pages.css";

interface SettingsForm {
  displayName: string;
  photoURL: string;
  /** A photo to upload instead of a link (the file input's files). */
  photoFile?: FileList;
}

/**
 * Settings (from the avatar menu): the display name and photo, in Firebase and the academy's
 * record. The photo is a link, or a file uploaded to the academy's own image pipeline: then no
 * other site is asked for it whenever someone sees it.
 */
export function SettingsPage() {
  const user = useAcademy((s) => s.user);
  const role = useAcademy((s) => s.role);
  // Whether the account has a password (else Google signs it in): which forms ask for one.
  const signInMethod = useQuery({ queryKey: ["account", "has-password", user?.email], queryFn: () => hasPassword() });
  const [result, setResult] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  // A file input cannot be emptied through its value: a new one replaces it after a save.
  const [fileInput, setFileInput] = useState(0);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<SettingsForm>({
    values: { displayName: user?.displayName ?? "", photoURL: user?.photoURL?.startsWith("http") ? user.photoURL : "" },
  });
  if (!user) return null;

  const onSubmit = handleSubmit(async ({ displayName, photoURL, photoFile }) => {
    setResult(null);
    const file = photoFile?.[0];
    let photo = photoURL;
    if (file) {
      try {
        photo = await uploadPhoto(file);
      } catch (error) {
        setResult({ kind: "error", text: `The photo was not uploaded: ${errorMessage(error)}` });
        return;
      }
    }
    try {
      await updateAccountProfile({ displayName, photoURL: photo });
      reset({ displayName, photoURL: photo.startsWith("http") ? photo : "" });
      setFileInput((n) => n + 1);
      setResult({ kind: "info", text: "Your profile is saved." });
    } catch (error) {
      console.error("[settings] profile not saved", error);
      setResult({ kind: "error", text: accountErrorMessage(error) });
    }
  });

  return (
    <div className="shell-account">
      <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6" aria-labelledby="settings-title">
        <p className="text-sm font-bold tracking-[0.2em] text-orange-700 uppercase dark:text-orange-400">
          Your account
        </p>
        <h1 id="settings-title" className="mt-1 font-display text-3xl font-extrabold text-slate-900 dark:text-white">
          Settings
        </h1>
        <div className="mt-8 flex items-center gap-4 rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
          <Avatar user={user} size="h-16 w-16 text-xl" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">{user.displayName}</p>
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
          </div>
        </div>
        <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5" aria-label="Profile">
          {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
          <Field
            label="Display name"
            autoComplete="name"
            error={errors.displayName?.message}
            {...register("displayName", {
              validate: (v) => v.trim().length > 0 || messages.nameRequired,
              maxLength: { value: 120, message: "Name must be at most 120 characters" },
            })}
          />
          <Field
            label="Photo URL"
            type="url"
            inputMode="url"
            error={errors.photoURL?.message}
            {...register("photoURL", {
              validate: (v) => v.trim() === "" || URL_PATTERN.test(v.trim()) || messages.photoInvalid,
            })}
            placeholder="https://… (leave empty to keep your photo)"
          />
          <Field
            key={fileInput}
            label="Upload a photo"
            type="file"
            accept={PHOTO_TYPES.join(",")}
            hint="Or upload one instead of a link: JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. The academy keeps it, so no other site is asked for it."
            error={errors.photoFile?.message}
            {...register("photoFile", {
              validate: (files, all) => {
                const file = files?.[0];
                if (!file) return true;
                if (all.photoURL.trim() !== "" && all.photoURL.trim() !== (user.photoURL ?? "")) {
                  return "Upload a photo or enter a link, not both.";
                }
                return photoFileProblem(file) ?? true;
              },
            })}
          />
          <div className="sm:w-48">
            <button type="submit" className={primaryButton} disabled={isSubmitting || !isDirty}>
              {isSubmitting ? "Saving…" : "Save changes"}
            </button>
          </div>
        </form>
        {signInMethod.isSuccess && (
          <>
            <ChangeEmailSection email={user.email} hasPassword={signInMethod.data} />
            <ChangePasswordSection hasPassword={signInMethod.data} />
          </>
        )}
        <NotificationSettingsSection />
        {/* Staff accounts are closed by an admin (the API refuses them here). */}
        {signInMethod.isSuccess && role === "student" && (
          <DeleteAccountSection email={user.email} hasPassword={signInMethod.data} />
        )}
      </section>
    </div>
  );
}
