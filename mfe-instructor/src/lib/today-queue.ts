import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { asApiError, errorMessage, useAcademy } from "shared-auth";
import { expectedDay, sendAction, todayKey, type ActionBody, type CampDay, type Today } from "./today";

/**
 * Actions made on a weak signal (decision 046): an action that got no answer is kept on the phone
 * (localStorage, with its id) and sent again, in order, when the connection returns; the API does
 * each once whatever was lost on the way. An action the API refuses when it finally arrives (a
 * camper checked out by another coach meanwhile) is shown, never dropped in silence.
 */
export interface Waiting {
  classId: string;
  body: ActionBody;
  /** "Check in Mia Parent": what the coach did, in words, for the list of what waits. */
  label: string;
}
export interface Refused {
  label: string;
  message: string;
}

const storageKey = (email: string) => `academy.today.waiting.${email}`;
const RETRY_MS = 15_000;

function load(email: string): Waiting[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey(email)) ?? "[]");
    return Array.isArray(kept) ? (kept as Waiting[]) : [];
  } catch {
    return [];
  }
}

/** No answer came (offline, a dropped connection): worth sending again. An answer, even a 500, is the API's word. */
export const gotNoAnswer = (error: unknown) => {
  const e = asApiError(error);
  return e !== null && e.response === undefined;
};

export function useCampDayActions() {
  const email = useAcademy((s) => s.user?.email ?? "");
  const who = useAcademy((s) => s.user?.displayName || s.user?.email || "You");
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<Waiting[]>(() => load(email));
  const [refused, setRefused] = useState<Refused[]>([]);
  const sending = useRef(false);

  const keep = useCallback(
    (next: Waiting[]) => {
      localStorage.setItem(storageKey(email), JSON.stringify(next));
      setWaiting(next);
    },
    [email],
  );

  const showDay = useCallback(
    (classId: string, day: CampDay) =>
      queryClient.setQueryData<Today>(todayKey, (old) =>
        old
          ? {
              ...old,
              classes: old.classes.map((c) =>
                c._id !== classId
                  ? c
                  : {
                      ...c,
                      campers: c.campers.map((k) =>
                        k._id === day.camper_id
                          ? { ...k, attendance: day, not_here_yet: k.not_here_yet && day.state === null }
                          : k,
                      ),
                    },
              ),
            }
          : old,
      ),
    [queryClient],
  );

  /** Sends what waits, oldest first, until one gets no answer again. */
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      let list = load(email);
      while (list.length > 0) {
        const first = list[0];
        try {
          const answer = await sendAction(first!.classId, first!.body);
          showDay(first!.classId, answer.day);
        } catch (error) {
          if (gotNoAnswer(error)) break;
          setRefused((r) => [...r, { label: first!.label, message: errorMessage(error) }]);
        }
        // Read again: an action made meanwhile joined the end of the list.
        list = load(email).filter((w) => w.body.client_id !== first!.body.client_id);
        keep(list);
      }
      if (list.length === 0) void queryClient.invalidateQueries({ queryKey: todayKey });
    } finally {
      sending.current = false;
    }
  }, [email, keep, queryClient, showDay]);

  useEffect(() => {
    // The account is known once the session is: show what this phone kept for it, even offline.
    setWaiting(load(email));
    const again = () => void flush();
    addEventListener("online", again);
    const timer = setInterval(() => {
      if (load(email).length > 0) again();
    }, RETRY_MS);
    again();
    return () => {
      removeEventListener("online", again);
      clearInterval(timer);
    };
  }, [email, flush]);

  /**
   * Does one action: the day as the API answers it, or (no answer) the action kept to be sent
   * again and the day as it should become. A refusal is thrown for the row to show.
   */
  const act = useCallback(
    async (classId: string, day: CampDay, body: ActionBody, label: string): Promise<"done" | "waiting"> => {
      // Behind others waiting: keep the order, send after them.
      if (load(email).length > 0) {
        keep([...load(email), { classId, body, label }]);
        showDay(classId, expectedDay(day, body, who, new Date().toISOString()));
        void flush();
        return "waiting";
      }
      try {
        const answer = await sendAction(classId, body);
        showDay(classId, answer.day);
        return "done";
      } catch (error) {
        if (!gotNoAnswer(error)) throw error;
        keep([...load(email), { classId, body, label }]);
        showDay(classId, expectedDay(day, body, who, new Date().toISOString()));
        return "waiting";
      }
    },
    [email, flush, keep, showDay, who],
  );

  return { act, waiting, refused, dismissRefused: () => setRefused([]), sendNow: flush };
}
