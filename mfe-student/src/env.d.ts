// Build-time facts the bundler provides.
declare module "*.css";
/** SweetAlert2 without the stylesheet it would inject into the page (see src/features/cart/alerts.ts). */
declare module "sweetalert2/dist/sweetalert2.esm.js" {
  import Swal from "sweetalert2";
  export default Swal;
}
declare const process: { env: { NODE_ENV: "production" | "development" } };
