import { api } from "shared-auth";
import type { UploadedImage } from "shared-auth/wire";

/** What POST /images takes (it checks the bytes too) and its default size limit (IMAGE_MAX_BYTES). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Checked before the upload: a file the API would refuse never leaves the browser. */
export function photoFileProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return "Choose an image file (JPEG, PNG, WebP, GIF or AVIF).";
  if (file.size > PHOTO_MAX_BYTES) return "The photo is larger than 5 MB. Choose a smaller one.";
  if (file.size === 0) return "The photo file is empty.";
  return null;
}

/**
 * Uploads a profile photo to the API's image pipeline (POST /images): it is re-encoded and kept
 * by the academy, so showing it never asks another site. Resolves with its path, `/images/….webp`.
 */
export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append("image", file);
  // A photo from a phone on a slow line takes longer than the usual 30 s.
  const res = await api.post<UploadedImage>("/images", body, { timeout: 120_000 });
  return res.data.data.display_url;
}
