import { api } from "shared-auth";
import type { UploadedImage } from "shared-auth/wire";

/*
 * Uploading a picture to POST /images (a class's image, the academy's logo). A subpath of its own
 * (`shared-auth/image-upload`): the forms that upload compile it in, the shared singleton stays as it is.
 */

/** The types POST /images accepts (it checks the bytes too) and its default size limit. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Checked before any upload: a wrong file never leaves the browser. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return "Choose an image file (JPEG, PNG, WebP, GIF or AVIF).";
  if (file.size > IMAGE_MAX_BYTES) return "The image is larger than 5 MB. Choose a smaller one.";
  if (file.size === 0) return "The image file is empty.";
  return null;
}

/** Uploads to POST /images with progress; the signal cancels it. Resolves with the image's path. */
export async function uploadImage(file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
  const body = new FormData();
  body.append("image", file);
  const res = await api.post<UploadedImage>("/images", body, {
    signal,
    timeout: 0,
    onUploadProgress: (e) => {
      if (e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return res.data.data.display_url;
}
