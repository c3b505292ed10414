import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImageOrInitials } from "./image-or-initials";

// React's act() expects to be told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const show = (props: Partial<Parameters<typeof ImageOrInitials>[0]> = {}) =>
  act(() =>
    root.render(
      <ImageOrInitials
        src="https://cdn.example/soccer.png"
        alt="Soccer Week"
        name="Soccer Week"
        className="h-10 w-10"
        {...props}
      />,
    ),
  );

describe("ImageOrInitials", () => {
  it("shows the picture, then the initials under the picture's name once it fails to load", () => {
    show();
    const img = host.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://cdn.example/soccer.png");
    act(() => img.dispatchEvent(new Event("error")));
    expect(host.querySelector("img")).toBeNull();
    const box = host.querySelector<HTMLElement>("[data-testid=image-placeholder]")!;
    expect(box.dataset.initials).toBe("SW");
    expect(box.getAttribute("role")).toBe("img");
    expect(box.getAttribute("aria-label")).toBe("Soccer Week");
    expect(box.className).toContain("h-10 w-10");
  });

  it("a decorative picture's stand-in is hidden from screen readers; no address at all shows the initials at once", () => {
    show({ src: "", alt: "" });
    const box = host.querySelector<HTMLElement>("[data-testid=image-placeholder]")!;
    expect(box.getAttribute("aria-hidden")).toBe("true");
    expect(box.getAttribute("role")).toBeNull();
  });

  it("gives another picture its own try", () => {
    show();
    act(() => host.querySelector("img")!.dispatchEvent(new Event("error")));
    show({ src: "https://cdn.example/tennis.png" });
    expect(host.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/tennis.png");
  });
});
