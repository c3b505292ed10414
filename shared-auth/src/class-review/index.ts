/**
 * A class's review for its staff (decision 039): proposed changes in words and the review thread.
 * A subpath of its own (`shared-auth/class-review`): only the admin's and instructor's pages load it.
 */
export {
  CHANGE_LABELS,
  changeRows,
  changeValue,
  fieldList,
  proposalRows,
  withProposal,
  type ChangeRow,
} from "./changes";
export { ReviewThread, useClassReviews } from "./thread";
