import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmDelete, escapeHtml, loadSweetAlert, showDialog, showToast } from "./alerts";

/** What a student could set as their name (PATCH /users/me) or an instructor as a class name. */
const PAYLOAD = `<img src=x onerror="window.__xss=1">`;

/** What the payload's handler sets when it runs. */
const xss = () => (window as Window & { __xss?: unknown }).__xss;

const look = { scopeClass: "test-scope", icon: { html: "✓", className: "icon" } };

/** An element made of the payload: any <img> but SweetAlert2's own (hidden) image slot. */
const injected = () => document.querySelector("img:not(.swal2-image)");

const popup = () => document.querySelector<HTMLElement>(".swal2-popup");
const title = () => document.querySelector<HTMLElement>(".swal2-title");

/** Waits for the dialog to be on the page (the library loads first). */
async function opened(): Promise<HTMLElement> {
  await vi.waitFor(() => expect(title()).not.toBeNull());
  return popup()!;
}

function clickButton(name: string) {
  const button = [...document.querySelectorAll<HTMLButtonElement>(".swal2-actions button")].find(
    (b) => b.textContent === name && b.style.display !== "none",
  );
  if (!button) throw new Error(`no button ${name}`);
  button.click();
}

beforeAll(() => {
  // jsdom lacks what SweetAlert2 uses of a browser's window: scrollTo (it keeps the page's scroll)...
  window.scrollTo = () => {};
  // ...matchMedia, which SweetAlert2 asks about the colour scheme when it draws an icon.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  // ...and innerText, which it sets a `titleText` with: browsers set it as text, as textContent
  // does for a single line, so the test gives jsdom that much.
  if (!("innerText" in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, "innerText", {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent;
      },
      set(this: HTMLElement, value: string) {
        this.textContent = value;
      },
    });
  }
});

afterEach(async () => {
  (await loadSweetAlert()).close();
  document.body.innerHTML = "";
  Reflect.deleteProperty(window, "__xss");
});

describe("dialogs show user text as text", () => {
  it("a name in the title and a reason in the text stay text: no element made from them, no script run", async () => {
    const closed = showDialog(look, { title: `${PAYLOAD} is an Admin Now!`, text: PAYLOAD, confirm: "OK" });
    const dialog = await opened();
    expect(title()!.textContent).toBe(`${PAYLOAD} is an Admin Now!`);
    expect(dialog.querySelector(".swal2-html-container")!.textContent).toBe(PAYLOAD);
    expect(injected()).toBeNull();
    expect(xss()).toBeUndefined();
    clickButton("OK");
    expect(await closed).toBe(true);
  });

  it("button labels are escaped: they show as the text they are", async () => {
    const closed = showDialog(look, { title: "Sure?", confirm: PAYLOAD, cancel: `${PAYLOAD} & "more"` });
    await opened();
    const labels = [...document.querySelectorAll(".swal2-confirm, .swal2-cancel")].map((b) => b.textContent);
    expect(labels).toEqual([PAYLOAD, `${PAYLOAD} & "more"`]);
    expect(injected()).toBeNull();
    clickButton(`${PAYLOAD} & "more"`);
    expect(await closed).toBe(false);
  });

  it("a notice that closes itself has no buttons and resolves when it is gone", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const closed = showDialog(look, { title: `${PAYLOAD} is an Instructor Now!`, closeAfterMs: 1500 });
      await vi.waitFor(() => expect(title()).not.toBeNull(), { interval: 5 });
      expect(title()!.textContent).toBe(`${PAYLOAD} is an Instructor Now!`);
      expect(document.querySelector<HTMLElement>(".swal2-confirm")!.style.display).toBe("none");
      expect(injected()).toBeNull();
      await vi.advanceTimersByTimeAsync(2000);
      expect(await closed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the delete confirmation keeps the spec's words", async () => {
    const confirmed = confirmDelete(look);
    const dialog = await opened();
    expect(title()!.textContent).toBe("Are you sure?");
    expect(dialog.querySelector(".swal2-html-container")!.textContent).toBe("You won't be able to revert this!");
    const labels = [...document.querySelectorAll(".swal2-confirm, .swal2-cancel")].map((b) => b.textContent);
    expect(labels).toEqual(["Yes, delete it!", "Cancel"]);
    clickButton("Yes, delete it!");
    expect(await confirmed).toBe(true);
  });

  it("opens in the app's scoped element, a direct child of <body>", async () => {
    void showDialog(look, { title: "Deleted!" });
    const dialog = await opened();
    expect(dialog.closest(".test-scope")?.parentElement).toBe(document.body);
  });

  it("a toast's text stays text", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const toast = { regionClassName: "r", className: "t", icon: { html: "✓", className: "i" }, textClassName: "w" };
      showToast({ scopeClass: "test-scope", ...toast }, PAYLOAD, 1500);
      const region = document.querySelector('[role="status"]')!;
      expect(region.textContent).toBe(`✓${PAYLOAD}`);
      expect(injected()).toBeNull();
      vi.advanceTimersByTime(1500);
      expect(region.textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("escapeHtml turns markup into the text it reads as", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;",
    );
  });

  it("the old way, a name in SweetAlert2's `title`, made an element of it (what the tests above rule out)", async () => {
    const Swal = await loadSweetAlert();
    // eslint-disable-next-line dialog-text/text-only -- a name in `title`, the pattern the rule forbids, to show the check sees it
    void Swal.fire({ title: `${PAYLOAD} is an Admin Now!` });
    await vi.waitFor(() => expect(title()).not.toBeNull());
    expect(title()!.querySelector("img")).not.toBeNull();
  });
});
