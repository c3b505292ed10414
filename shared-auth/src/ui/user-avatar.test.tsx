import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { academyStore } from "../store";
import { initialsOf, ownImageUrl, UserAvatar } from "./user-avatar";

const API = "https://api.academy.test";
// React's act() expects to be told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("initialsOf", () => {
  it.each([
    ["Maya Torres", "MT"],
    ["maya de la Cruz", "MC"],
    ["  Priya  ", "P"],
    ["Émile Zola", "ÉZ"],
    ["😀 Smile", "😀S"],
    ["", "?"],
  ])("%j gives %j", (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describe("ownImageUrl", () => {
  beforeEach(() => academyStore.setState({ env: { apiUrl: API } }));

  it("keeps the API's own images, by path or at its origin", () => {
    expect(ownImageUrl("/images/seed/people/maya.svg")).toBe(`${API}/images/seed/people/maya.svg`);
    expect(ownImageUrl(`${API}/images/${"a".repeat(64)}.webp`)).toBe(`${API}/images/${"a".repeat(64)}.webp`);
  });

  it("drops any other address: another host, another path of the API, no address at all", () => {
    for (const url of [
      "https://tracker.example/pixel.png",
      `${API}.evil.example/images/x.webp`,
      `${API}/users/me`,
      "/elsewhere/x.png",
      "not a url",
      "",
      null,
      undefined,
    ]) {
      expect(ownImageUrl(url), String(url)).toBeUndefined();
    }
  });
});

describe("UserAvatar", () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    academyStore.setState({ env: { apiUrl: API } });
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const show = (element: React.ReactElement) => act(() => root.render(element));

  it("shows the photo, and the initials once it fails to load", () => {
    show(<UserAvatar name="Pia Broken" photo="/images/seed/people/pia.svg" />);
    const img = host.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`${API}/images/seed/people/pia.svg`);
    expect(img.alt).toBe("");
    act(() => img.dispatchEvent(new Event("error")));
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector("[data-initials]")?.getAttribute("data-initials")).toBe("PB");
  });

  it("tries a new photo after an old one failed", () => {
    show(<UserAvatar name="Pia Broken" photo="https://old.example/p.png" />);
    act(() => host.querySelector("img")!.dispatchEvent(new Event("error")));
    show(<UserAvatar name="Pia Broken" photo="/images/seed/people/pia.svg" />);
    expect(host.querySelector("img")?.getAttribute("src")).toBe(`${API}/images/seed/people/pia.svg`);
  });

  it("with ownImagesOnly, never asks another site: initials instead", () => {
    show(<UserAvatar name="Tia Tracked" photo="https://tracker.example/pixel.png" ownImagesOnly />);
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector("[data-initials]")?.getAttribute("data-initials")).toBe("TT");
    show(<UserAvatar name="Tia Tracked" photo="/images/seed/people/tia.svg" ownImagesOnly />);
    expect(host.querySelector("img")).not.toBeNull();
  });

  it("without a photo, draws the initials (CSS, not text in the page) hidden from screen readers", () => {
    show(<UserAvatar name="Sam Student" photo="" />);
    const initials = host.firstElementChild!;
    expect(initials.getAttribute("data-initials")).toBe("SS");
    expect(initials.className).toContain("before:content-[attr(data-initials)]");
    // No text of its own: a button it sits in is named by its label alone (WCAG 2.5.3).
    expect(initials.textContent).toBe("");
    expect(initials.getAttribute("aria-hidden")).toBe("true");
  });
});
