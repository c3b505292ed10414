/**
 * A family's parents or guardians: the account holder first, and at most one more, with the phone
 * and address staff reach them at. Other code uses it from here.
 */
export { guardianRoutes } from "./routes.js";
export { guardianContact, guardian, guardians } from "./answers.js";
export { guardiansEdit } from "./fields.js";
export {
  familyGuardians,
  forgetGuardians,
  guardianContacts,
  guardiansAnswer,
  hasFirstGuardian,
  saveGuardians,
  GUARDIAN_NEEDED,
  type Guardian,
  type GuardianContact,
} from "./store.js";
