// The customer's answer to their bank's authentication (3-D Secure) of a requires_action intent:
// POST /v3/authenticate/{intent id} with the intent's client secret and `outcome` complete or fail.
// It stands for the bank's challenge page Stripe.js opens (Stripe's own test page has the same two
// buttons); it is the sandbox's, not part of Stripe's API, and sits beside the other Stripe.js files
// under /v3. The sandbox's Stripe.js calls it from its challenge frame (browser/authenticate.js);
// tests call it as a browser would (tools/card-payment.mjs).
import { finishPaymentAuthentication } from "./confirmation.js";
import { invalid, unexpectedState } from "./errors.js";
import { checkClientSecret, findIntent, findSetupIntent, intentView, setupIntentView } from "./intent-views.js";
import { readEnum } from "./params.js";
import { finishSetupAuthentication } from "./setup-confirmation.js";
const OUTCOMES = ["complete", "fail"];
export const authenticateRoute = (core, ctx, id) => {
    const outcome = readEnum(ctx.params, "outcome", OUTCOMES);
    if (!outcome)
        throw invalid("Missing required param: outcome.", "outcome", "parameter_missing");
    const completed = outcome === "complete";
    if (id.startsWith("seti_")) {
        const si = findSetupIntent(core.state, id);
        checkClientSecret(ctx, si);
        if (si.status !== "requires_action") {
            throw unexpectedState(`This SetupIntent has a status of ${si.status}: there is no authentication to complete.`, "setup_intent_unexpected_state");
        }
        finishSetupAuthentication(core, ctx, si, completed);
        return setupIntentView(core.state, si, { publishable: ctx.publishable });
    }
    const pi = findIntent(core.state, id);
    checkClientSecret(ctx, pi);
    if (pi.status !== "requires_action") {
        throw unexpectedState(`This PaymentIntent has a status of ${pi.status}: there is no authentication to complete.`);
    }
    finishPaymentAuthentication(core, ctx, pi, completed);
    return intentView(core.state, pi, { publishable: ctx.publishable });
};
//# sourceMappingURL=authentication.js.map