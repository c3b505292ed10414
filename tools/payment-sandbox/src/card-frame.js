// The card frame's page (GET /v3/elements/card): browser/card-frame.html with its four inputs
// rendered from one table, so each input's attributes are written once (card-frame.js finds them by id).
const CARD_INPUTS = [
    {
        kind: "number",
        id: "cardnumber",
        inputmode: "numeric",
        autocomplete: "cc-number",
        placeholder: "Card number",
        label: "Credit or debit card number",
        maxlength: 23,
    },
    {
        kind: "expiry",
        id: "exp-date",
        inputmode: "numeric",
        autocomplete: "cc-exp",
        placeholder: "MM / YY",
        label: "Credit or debit card expiration date",
        maxlength: 7,
    },
    {
        kind: "cvc",
        id: "cvc",
        inputmode: "numeric",
        autocomplete: "cc-csc",
        placeholder: "CVC",
        label: "Credit or debit card CVC/CVV",
        maxlength: 4,
    },
    {
        kind: "postal",
        id: "postal",
        inputmode: "text",
        autocomplete: "postal-code",
        placeholder: "ZIP",
        label: "ZIP",
        maxlength: 10,
    },
];
/** Where the page template takes the inputs. */
const INPUTS_MARKER = "<!-- card inputs -->";
function renderInput(input) {
    return [
        `<span class="field ${input.kind}"><input id="${input.id}" name="${input.id}" type="text"`,
        `inputmode="${input.inputmode}" autocomplete="${input.autocomplete}" autocorrect="off" spellcheck="false"`,
        `placeholder="${input.placeholder}" aria-label="${input.label}" aria-invalid="false"`,
        `maxlength="${input.maxlength}" /></span>`,
    ].join(" ");
}
/** The page with its inputs; the template must hold the marker (a page without inputs is a bug). */
export function renderCardFrame(template) {
    if (!template.includes(INPUTS_MARKER))
        throw new Error(`card-frame.html has no ${INPUTS_MARKER}`);
    // Whitespace between the inputs as in a hand-written page (inline elements).
    return template.replace(INPUTS_MARKER, CARD_INPUTS.map(renderInput).join("\n      "));
}
//# sourceMappingURL=card-frame.js.map