/** The success notices of spec section 8, as SweetAlert2 dialogs that close themselves. */
export async function notifySuccess(title: string): Promise<void> {
  const { default: Swal } = await import("sweetalert2");
  void Swal.fire({ icon: "success", title, showConfirmButton: false, timer: 1500 });
}
