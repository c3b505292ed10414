// A pointer to a tracker issue (the word, then its number, with or without a `#`) explains
// nothing to a reader of the repository: there is no tracker for them to open. Code, comments and docs say the
// rule itself in a few words, or link the decision record that explains it (docs/decisions/).
// Held by ESLint's `tracker/no-issue-refs` (comments, tools/eslint-no-issue-refs.mjs) and by
// tools/check-no-issue-refs.mjs (every other file, and the strings of code files, such as test titles).

/** The word "issue" or "issues", any case, then a number: after a space, a `#`, or nothing. A link to another project's tracker (`…/issues/<n>`) is not matched. */
export const ISSUE_REF = /\bissues? ?#?\d+/gi;

export const MESSAGE =
  "Say what the rule is or link a decision record (docs/decisions/); a reader has no tracker to open.";

/** Every issue pointer in `text`, with its 1-based line and column. */
export function findIssueRefs(text) {
  const found = [];
  for (const match of text.matchAll(ISSUE_REF)) {
    const before = text.slice(0, match.index);
    const line = before.split("\n").length;
    const column = match.index - before.lastIndexOf("\n");
    found.push({ text: match[0], index: match.index, line, column });
  }
  return found;
}
