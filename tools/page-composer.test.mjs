import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { composeIndexHtml, createPageComposer, prerenderedPages } from "./page-composer.mjs";
import { startStaticServer } from "./serve-static.mjs";

// The shell's own index.html (source): what the server reads in production, minified or not.
const INDEX_HTML = readFileSync(path.join(import.meta.dirname, "..", "shell", "index.html"), "utf8");
const FRAGMENT = '<main><h1>Welcome</h1><img src="__MFE_BASE__/assets/banner.1234abcd.svg" alt=""><p>$& $1</p></main>';

describe("the pages index.html lists", () => {
  it("reads the shell's list: the home page and the class list of the public remote", () => {
    expect(prerenderedPages(INDEX_HTML)).toEqual({ "/": "mfe_public/HomePage", "/classes": "mfe_public/ClassesPage" });
  });

  it("takes nothing malformed", () => {
    const list = (json) => `<script type="application/json" id="prerendered-pages">${json}</script>`;
    expect(prerenderedPages("<html></html>")).toEqual({});
    expect(prerenderedPages(list("{ not json"))).toEqual({});
    expect(prerenderedPages(list('["/"]'))).toEqual({});
    expect(
      prerenderedPages(list('{"/": "../../etc/passwd", "x": "mfe_public/HomePage", "/a": "mfe_public/A"}')),
    ).toEqual({ "/a": "mfe_public/A" });
  });
});

describe("composing index.html", () => {
  it("puts the fragment into #root inside index.html's frame, with the remote's base URL", () => {
    const html = composeIndexHtml(INDEX_HTML, {
      page: "mfe_public/HomePage",
      base: "https://public.example.com/v2/",
      fragment: FRAGMENT,
    });
    const [before, after] = INDEX_HTML.split('<div id="root"></div>');
    const root = html.slice(before.length, html.length - after.length);
    expect(root).toContain('<div class="h-16"></div>');
    expect(root).toContain(
      '<div id="prerendered-page" data-page="mfe_public/HomePage"><main><h1>Welcome</h1><img src="https://public.example.com/v2/assets/banner.1234abcd.svg" alt="">',
    );
    // Replacement patterns in the fragment are text, not instructions.
    expect(root).toContain("<p>$& $1</p>");
    // The rest of the document is as it was.
    expect(html.startsWith(before) && html.endsWith(after)).toBe(true);
    expect(root.startsWith('<div id="root"><div class="flex min-h-screen')).toBe(true);
  });

  it("an index.html without the frame is left alone", () => {
    const html = INDEX_HTML.replace(/<template id="prerendered-frame">[\s\S]*?<\/template>/, "");
    expect(composeIndexHtml(html, { page: "mfe_public/HomePage", base: "http://x/", fragment: FRAGMENT })).toBeNull();
  });
});

describe("a composer against a remote's server", () => {
  let dir;
  let remote;
  let remotesFile;
  let calls;
  const countingFetch = (...args) => {
    calls += 1;
    return fetch(...args);
  };
  const deployFragment = (body, page = "HomePage") =>
    writeFileSync(path.join(dir, "remote", "prerender", `${page}.html`), body);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "page-composer-"));
    mkdirSync(path.join(dir, "remote", "prerender"), { recursive: true });
    remote = await startStaticServer({ dir: path.join(dir, "remote"), port: 0, cors: true, quiet: true });
    remotesFile = path.join(dir, "remotes.json");
  });
  afterAll(async () => {
    await remote?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    calls = 0;
    const port = remote.server.address().port;
    writeFileSync(remotesFile, JSON.stringify({ mfe_public: `http://localhost:${port}/mf-manifest.json` }));
    deployFragment(FRAGMENT);
  });

  it("composes the listed address only, and shows a redeployed fragment on the next request", async () => {
    const compose = createPageComposer({ remotesFile, fetch: countingFetch });
    const port = remote.server.address().port;
    const first = await compose(INDEX_HTML, "/");
    expect(first).toContain(`<img src="http://localhost:${port}/assets/banner.1234abcd.svg"`);
    expect(await compose(INDEX_HTML, "/login")).toBeNull();
    expect(calls).toBe(1);

    // Unchanged: revalidated (304), same page.
    expect(await compose(INDEX_HTML, "/")).toBe(first);
    // Redeployed: a later modification time and new content.
    await new Promise((resolve) => setTimeout(resolve, 20));
    deployFragment(FRAGMENT.replace("Welcome", "Welcome back"));
    expect(await compose(INDEX_HTML, "/")).toContain("<h1>Welcome back</h1>");
    expect(calls).toBe(3);
  });

  it("a listed page is composed for its bare address only: a query may change its first state", async () => {
    const compose = createPageComposer({ remotesFile, fetch: countingFetch });
    expect(await compose(INDEX_HTML, "/classes")).toBeNull(); // listed, but not in this deploy
    deployFragment("<main><h1>Our Classes</h1></main>", "ClassesPage");
    expect(await compose(INDEX_HTML, "/classes")).toContain(
      '<div id="prerendered-page" data-page="mfe_public/ClassesPage"><main><h1>Our Classes</h1></main></div>',
    );
    expect(calls).toBe(2);
    expect(await compose(INDEX_HTML, "/classes", "?sport=soccer")).toBeNull();
    expect(await compose(INDEX_HTML, "/", "?utm_source=mail")).toBeNull();
    expect(calls).toBe(2); // not even asked
    rmSync(path.join(dir, "remote", "prerender", "ClassesPage.html"));
  });

  it("no fragment in the remote's deploy, or no such remote in remotes.json: index.html as it is", async () => {
    const compose = createPageComposer({ remotesFile });
    rmSync(path.join(dir, "remote", "prerender", "HomePage.html"));
    expect(await compose(INDEX_HTML, "/")).toBeNull();
    writeFileSync(remotesFile, JSON.stringify({ mfe_student: "http://localhost:1/mf-manifest.json" }));
    expect(await compose(INDEX_HTML, "/")).toBeNull();
    writeFileSync(remotesFile, JSON.stringify({ mfe_public: "file:///etc/mf-manifest.json" }));
    expect(await compose(INDEX_HTML, "/")).toBeNull();
  });

  it("a remote that does not answer in time is given a rest instead of holding every page", async () => {
    const silent = http.createServer(() => {}); // takes the request, never answers
    await new Promise((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      writeFileSync(
        remotesFile,
        JSON.stringify({ mfe_public: `http://127.0.0.1:${silent.address().port}/mf-manifest.json` }),
      );
      const compose = createPageComposer({ remotesFile, timeoutMs: 150, fetch: countingFetch });
      const started = performance.now();
      expect(await compose(INDEX_HTML, "/")).toBeNull();
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(await compose(INDEX_HTML, "/")).toBeNull();
      expect(calls).toBe(1); // resting: not asked again
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("the shell's server with a composer", () => {
  let dir;
  let shell;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "composed-shell-"));
    writeFileSync(path.join(dir, "index.html"), INDEX_HTML);
    shell = await startStaticServer({
      dir,
      port: 0,
      spa: true,
      quiet: true,
      compose: async (html, pathname, search) =>
        pathname === "/" && !search
          ? composeIndexHtml(html, { page: "mfe_public/HomePage", base: "http://r/", fragment: FRAGMENT })
          : null,
    });
  });
  afterAll(async () => {
    await shell?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const url = (p) => `http://localhost:${shell.server.address().port}${p}`;

  it("answers the composed page, compressed, revalidated by its content", async () => {
    const res = await fetch(url("/"), { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain('<div id="prerendered-page" data-page="mfe_public/HomePage">');
    const etag = res.headers.get("etag");
    expect((await fetch(url("/"), { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("other routes, a query and index.html itself are the file as built", async () => {
    for (const p of ["/classes", "/index.html", "/?utm_source=mail"]) {
      const body = await (await fetch(url(p))).text();
      expect(body).toBe(INDEX_HTML);
    }
  });
});
