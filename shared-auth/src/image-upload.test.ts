import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, imageProblem } from "./image-upload";

const file = (size: number, type: string, name = "picture") => new File([new Uint8Array(size)], name, { type });

describe("imageProblem", () => {
  it.each(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"])("takes a %s", (type) => {
    expect(imageProblem(file(1024, type))).toBeNull();
  });

  it.each(["image/svg+xml", "image/bmp", "application/pdf", "text/plain", ""])("refuses a file of type %j", (type) => {
    expect(imageProblem(file(1024, type))).toBe("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).");
  });

  it("takes 5 MB, not a byte more", () => {
    expect(imageProblem(file(IMAGE_MAX_BYTES, "image/png"))).toBeNull();
    expect(imageProblem(file(IMAGE_MAX_BYTES + 1, "image/png"))).toBe(
      "The image is larger than 5 MB. Choose a smaller one.",
    );
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it("refuses an empty file", () => {
    expect(imageProblem(file(0, "image/jpeg"))).toBe("The image file is empty.");
  });

  it("says the type first when a file is wrong twice", () => {
    expect(imageProblem(file(0, "text/plain"))).toBe("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).");
  });
});
