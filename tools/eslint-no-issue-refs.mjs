// ESLint plugin `tracker`: its rule `no-issue-refs` refuses a comment that points at a tracker
// issue by its number instead of saying what it stands for (tools/issue-refs.mjs says why).
import { findIssueRefs, MESSAGE } from "./issue-refs.mjs";

/** @type {import("eslint").Rule.RuleModule} */
const noIssueRefs = {
  meta: {
    type: "suggestion",
    docs: { description: "Comments say the rule or link a decision record, never a tracker issue's number." },
    schema: [],
    messages: { issueRef: `"{{ref}}": ${MESSAGE}` },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) {
          // The comment's text starts after its opening `//` or `/*`.
          const start = comment.range[0] + 2;
          for (const ref of findIssueRefs(comment.value)) {
            context.report({
              loc: {
                start: sourceCode.getLocFromIndex(start + ref.index),
                end: sourceCode.getLocFromIndex(start + ref.index + ref.text.length),
              },
              messageId: "issueRef",
              data: { ref: ref.text },
            });
          }
        }
      },
    };
  },
};

export default { meta: { name: "tracker" }, rules: { "no-issue-refs": noIssueRefs } };
