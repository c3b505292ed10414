import { describe, expect, it } from "vitest";
import { INFO_SLUGS, infoPage } from "./info-pages";

describe("infoPage", () => {
  it("finds the page of a footer link", () => {
    expect(infoPage("help")?.title).toBe("Help Center");
    expect(infoPage("policies")?.title).toBe("Policies & Rules");
  });

  it.each([undefined, "", "nope", "HELP", "constructor", "toString", "__proto__", "hasOwnProperty"])(
    "finds no page for %j (a 404)",
    (slug) => {
      expect(infoPage(slug)).toBeNull();
    },
  );

  it("has a title, an introduction and sections with text for every slug", () => {
    expect(INFO_SLUGS.length).toBeGreaterThan(0);
    for (const slug of INFO_SLUGS) {
      const page = infoPage(slug);
      expect(page?.title, slug).toBeTruthy();
      expect(page?.intro, slug).toBeTruthy();
      expect(page?.sections.length, slug).toBeGreaterThan(0);
      for (const section of page?.sections ?? []) {
        expect(
          section.paragraphs.every((p) => p.trim().length > 0),
          `${slug}: ${section.heading}`,
        ).toBe(true);
      }
    }
  });
});
