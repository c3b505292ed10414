import { api } from "../api-client";
import type { Camper } from "./types";

/**
 * A family's campers: the account holder's own "Myself" and the children they added.
 * Only a student account keeps campers; the queries stay idle for everyone else.
 */
export async function fetchCampers(): Promise<Camper[]> {
  const { data } = await api.get<Camper[]>("/campers");
  return data;
}
