import { invalid, missing } from "./errors.js";
import { clone } from "./ids.js";
import { readInteger, readString } from "./params.js";
export const retrieveEvent = ({ state }, _ctx, id) => {
    const event = state.events.find((item) => item.id === id);
    if (!event)
        throw missing("event", id);
    return clone(event);
};
/** `type` may end in `*` (payment_intent.*), as Stripe's filter does. */
export const listEvents = ({ state }, ctx) => {
    const limit = readInteger(ctx.params, "limit") ?? 10;
    if (limit < 1 || limit > 100)
        throw invalid("This value must be between 1 and 100.", "limit");
    const type = readString(ctx.params, "type");
    const wanted = type?.endsWith("*")
        ? (t) => t.startsWith(type.slice(0, -1))
        : (t) => !type || t === type;
    const found = state.events.filter((event) => wanted(event.type)).reverse();
    return { object: "list", data: clone(found.slice(0, limit)), has_more: found.length > limit, url: "/v1/events" };
};
//# sourceMappingURL=events-api.js.map