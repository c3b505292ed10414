// Build-time facts the bundler provides.
declare module "*.css";
declare const process: { env: { NODE_ENV: "production" | "development" } };
/** A file's text (tests only: vitest's `?raw` import). */
declare module "*?raw" {
  const text: string;
  export default text;
}
