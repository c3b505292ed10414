import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, useStudentEmail } from "shared-auth";
import type { FamilyPickup, NewPickupPin } from "shared-auth/wire";

export type { FamilyPickup, NewPickupPin, PickupPerson } from "shared-auth/wire";

const pickupKey = (email: string) => ["pickup", email] as const;

/** GET /pickup: who may collect each camper this season, the guardians' PINs, who may leave alone. */
export function usePickup() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: pickupKey(email ?? ""),
    queryFn: async () => (await api.get<FamilyPickup>("/pickup")).data,
    enabled: email !== null,
  });
}

export interface PersonInput {
  camper_id: string;
  name: string;
  relation: string;
  phone: string;
  email: string | null;
}

/** The changes of the page; each answers what the page shows next, and the list is asked again. */
export function usePickupChanges() {
  const email = useStudentEmail();
  const queryClient = useQueryClient();
  const again = () => queryClient.invalidateQueries({ queryKey: pickupKey(email ?? "") });
  const withPin = async (request: Promise<{ data: NewPickupPin }>) => {
    const { data } = await request;
    await again();
    return data;
  };
  return {
    add: (input: PersonInput) => withPin(api.post<NewPickupPin>("/pickup/people", input)),
    guardianPin: (position: 1 | 2) => withPin(api.post<NewPickupPin>(`/pickup/guardians/${position}/pin`)),
    renew: (personId: string) => withPin(api.post<NewPickupPin>(`/pickup/people/${personId}/renew`)),
    remove: async (personId: string) => {
      await api.delete(`/pickup/people/${personId}`);
      await again();
    },
    leavesAlone: async (camperId: string, may: boolean) => {
      const { data } = await api.put<FamilyPickup>(`/pickup/campers/${camperId}`, { may_leave_alone: may });
      queryClient.setQueryData(pickupKey(email ?? ""), data);
    },
  };
}

/** "482 913": six digits read out in two threes. */
export const pinInGroups = (pin: string) => `${pin.slice(0, 3)} ${pin.slice(3)}`;
