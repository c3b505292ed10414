/**
 * The forms the academy asks families to fill before the first day: waivers signed electronically,
 * releases, medical forms. Other code uses it from here.
 */
export { formRoutes } from "./routes.js";
export type { FamilyFormDeps } from "./family-routes.js";
export { classFormsStatus, toDo, type FormsStatus, type ToDoItem } from "./to-do.js";
export { forgetFamilyForms } from "./answering.js";
export { enqueueFormReminders } from "./reminders.js";
