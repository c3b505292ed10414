/**
 * What each sealed column's value is bound to (platform/sealing.ts, decision 030): the column, the
 * row's id and its family's id. A value copied onto another camper's row, or another family's,
 * then fails to open instead of showing one child's medical details to another family.
 */
export const camperDetailsBinding = (camper: { id: string; familyId: string }) =>
  `campers.sealed_details|${camper.id}|${camper.familyId}`;

/** A form answer's medical values (the forms domain): bound to the answer and its family alike. */
export const formAnswerBinding = (answer: { id: string; familyId: string }) =>
  `form_answers.sealed_values|${answer.id}|${answer.familyId}`;

/** A financial-aid application's statement (the aid domain): bound to the application and its family. */
export const aidStatementBinding = (application: { id: string; familyId: string }) =>
  `aid_applications.sealed_statement|${application.id}|${application.familyId}`;

/** A file uploaded to answer a form (the forms domain): its name and bytes, bound to the file and its family. */
export const formFileBinding = (file: { id: string; familyId: string }) =>
  `form_files.sealed_content|${file.id}|${file.familyId}`;
