// Build-time facts the bundler provides.
declare module "*.css";
/** Artwork shipped with this remote: the bundler emits the file and gives its URL. */
declare module "*.svg" {
  const url: string;
  export default url;
}
declare const process: { env: { NODE_ENV: "production" | "development" } };
