/**
 * The registration opening's waiting room (decision 043): families take places in line by
 * arrival, are let in at the pace the API processes serve, and book with a pass; staff pass.
 * Other code uses it from here.
 */
export { waitingRoomRoutes, waitingRoomGate, servedFirst, roomHeader, PASS_HEADER, TICKET_HEADER } from "./routes.js";
export { watchWaitingRoom, type RoomWatch } from "./watch.js";
export { waitingRoomPapers, type Papers } from "./ticket.js";
