import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "shared-auth";
import { retryTransient } from "./admin-api";
import type {
  AdminAidApplication,
  AdminAidApplicationDetail,
  AdminAidOverview,
  AidSeason,
  AidSeasonBody,
  AwardBody,
  ChangeBody,
  DeclineBody,
} from "./aid-types";

// The office's financial-aid calls, each under the admin's session.

export const aidKeys = {
  overviews: ["admin", "aid", "overview"] as const,
  /** null: the API's default, the newest season. */
  overview: (season: number | null) => ["admin", "aid", "overview", season ?? "newest"] as const,
  application: (id: string) => ["admin", "aid", "application", id] as const,
};

/** GET /admin/aid: every season, one season's figures and its applications (the newest without `season`). */
export function useAidOverview(season: number | null) {
  return useQuery({
    queryKey: aidKeys.overview(season),
    queryFn: async () =>
      (await api.get<AdminAidOverview>("/admin/aid", { params: season === null ? {} : { season } })).data,
    // The season picker changes the key: the last season stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/**
 * GET /admin/aid/applications/:id: the family's statement. The API logs each read, so it is read
 * only when the office opens it: not again when the window regains focus, and gone once closed.
 */
export function useAidApplication(id: string) {
  return useQuery({
    queryKey: aidKeys.application(id),
    queryFn: async () =>
      (await api.get<AdminAidApplicationDetail>(`/admin/aid/applications/${encodeURIComponent(id)}`)).data,
    retry: retryTransient,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** After a change: every season's figures and lists (not an open statement, whose reads are logged). */
function useOverviewRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: aidKeys.overviews });
}

/** PUT /admin/aid/seasons/:season: sets a season up, or changes its budget, cap, intro or opening. */
export function useSaveAidSeason() {
  const refresh = useOverviewRefresh();
  return useMutation({
    mutationFn: async ({ season, body }: { season: number; body: AidSeasonBody }) =>
      (await api.put<AidSeason>(`/admin/aid/seasons/${season}`, body)).data,
    onSuccess: refresh,
  });
}

/**
 * A decision on one application: the row changes at once, and the lists are read again, right or
 * refused (a 409 means another desk decided it, or spent the budget, meanwhile).
 */
function useDecision<B>(action: "award" | "change" | "decline") {
  const client = useQueryClient();
  const refresh = useOverviewRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: B }) =>
      (await api.post<AdminAidApplication>(`/admin/aid/applications/${encodeURIComponent(id)}/${action}`, body)).data,
    onSuccess: (decided) => {
      client.setQueriesData<AdminAidOverview>({ queryKey: aidKeys.overviews }, (old) =>
        old ? { ...old, applications: old.applications.map((a) => (a._id === decided._id ? decided : a)) } : old,
      );
    },
    onSettled: refresh,
  });
}

export const useAwardAid = () => useDecision<AwardBody>("award");
export const useDeclineAid = () => useDecision<DeclineBody>("decline");
/** An award changed: more from the budget, or less down to what it pays for (the rest withdrawn). */
export const useChangeAid = () => useDecision<ChangeBody>("change");
