// Request-time composition of the shell's index.html (decision 020): for an address whose page a
// remote prerenders (decision 018), the shell's server puts that remote's current fragment into
// the HTML it answers, so the browser paints the page and finds its images from the first response.
// The shell's files are untouched; a remote's redeploy shows on the next request. Anything wrong
// (no remotes.json entry, the remote down or slow, no fragment): the plain index.html, whose
// inline script then tries the same in the browser, and the site loads as it did before.
import { readFile } from "node:fs/promises";

const PAGES_SCRIPT = /<script type="application\/json" id="prerendered-pages">([^<]*)<\/script>/;
const FRAME_TEMPLATE = /<template id="prerendered-frame">([\s\S]*?)<\/template>/;
const EMPTY_ROOT = '<div id="root"></div>';
const EMPTY_SLOT = '<div id="prerendered-page"></div>';
const PAGE_NAME = /^[a-z_][a-z0-9_]*\/[A-Za-z][A-Za-z0-9]*$/;

/**
 * The addresses index.html lists as prerendered (its `#prerendered-pages` JSON, which its inline
 * script reads too): path -> "remote/ExposedPage". Anything malformed counts as none.
 * @param {string} indexHtml
 * @returns {Record<string, string>}
 */
export function prerenderedPages(indexHtml) {
  const match = PAGES_SCRIPT.exec(indexHtml);
  if (!match) return {};
  try {
    const pages = JSON.parse(match[1]);
    if (!pages || typeof pages !== "object" || Array.isArray(pages)) return {};
    return Object.fromEntries(
      Object.entries(pages).filter(([path, page]) => path.startsWith("/") && PAGE_NAME.test(String(page))),
    );
  } catch {
    return {};
  }
}

/**
 * index.html with the fragment in `#root`, inside index.html's own `#prerendered-frame` template
 * (the same frame the inline script builds). Null when index.html has no such template or root.
 * @param {string} indexHtml
 * @param {{ page: string, base: string, fragment: string }} part
 */
export function composeIndexHtml(indexHtml, { page, base, fragment }) {
  const frame = FRAME_TEMPLATE.exec(indexHtml)?.[1];
  if (!frame?.includes(EMPTY_SLOT) || !indexHtml.includes(EMPTY_ROOT)) return null;
  const html = fragment.replaceAll("__MFE_BASE__/", base);
  const slot = `<div id="prerendered-page" data-page="${page}">${html}</div>`;
  return indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${frame.trim().replace(EMPTY_SLOT, () => slot)}</div>`);
}

/**
 * A composer for one shell: reads the deploy-time remotes.json at each request (staging swaps a
 * remote by editing it), revalidates each fragment with its ETag (a 304 costs one round trip on
 * the server's network), and gives a remote that failed a short rest instead of a timeout per page.
 * @param {{ remotesFile: string, timeoutMs?: number, restMs?: number, fetch?: typeof fetch }} options
 * @returns {(indexHtml: string, pathname: string, search?: string) => Promise<string | null>}
 */
export function createPageComposer({ remotesFile, timeoutMs = 400, restMs = 10_000, fetch = globalThis.fetch }) {
  /** @type {Map<string, { etag: string, body: string }>} */
  const fragments = new Map();
  /** @type {Map<string, number>} remote origin -> time until which it is not asked */
  const resting = new Map();

  async function fetchFragment(url) {
    const origin = new URL(url).origin;
    if ((resting.get(origin) ?? 0) > Date.now()) return null;
    const cached = fragments.get(url);
    try {
      const res = await fetch(url, {
        headers: cached ? { "If-None-Match": cached.etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 304 && cached) return cached.body;
      if (!res.ok) {
        fragments.delete(url);
        return null; // the remote answered: it has no such page (not a reason to rest)
      }
      const body = await res.text();
      const etag = res.headers.get("etag");
      if (etag) fragments.set(url, { etag, body });
      else fragments.delete(url);
      return body;
    } catch {
      resting.set(origin, Date.now() + restMs);
      return null;
    }
  }

  return async function compose(indexHtml, pathname, search = "") {
    // Only the bare address: a query (the class list's filters) changes the page's first state.
    if (search) return null;
    const page = prerenderedPages(indexHtml)[pathname];
    if (!page) return null;
    const [remote, exposed] = page.split("/");
    let manifest;
    try {
      const remotes = JSON.parse(await readFile(remotesFile, "utf8"));
      manifest = new URL(remotes[remote]);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(manifest.protocol)) return null;
    const fragment = await fetchFragment(new URL(`prerender/${exposed}.html`, manifest).href);
    if (fragment === null) return null;
    return composeIndexHtml(indexHtml, { page, base: new URL(".", manifest).href, fragment });
  };
}
