// How Debian's Chromium is launched for tests and reports on these machines: no sandbox (root),
// and no background traffic (the closed network refuses it and start-up would wait on it).
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
