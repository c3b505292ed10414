/** SweetAlert2 without the stylesheet it would inject into the page (see alerts.ts). */
declare module "sweetalert2/dist/sweetalert2.esm.js" {
  import Swal from "sweetalert2";
  export default Swal;
}
