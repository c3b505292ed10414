// Build-time facts the bundler provides.
declare module "*.css";
/** Artwork shipped with this remote: the bundler emits the file and gives its URL. */
declare module "*.svg" {
  const url: string;
  export default url;
}
/** SweetAlert2 without the stylesheet it would inject into the page (see src/lib/alerts.ts). */
declare module "sweetalert2/dist/sweetalert2.esm.js" {
  import Swal from "sweetalert2";
  export default Swal;
}
declare const process: { env: { NODE_ENV: "production" | "development" } };
