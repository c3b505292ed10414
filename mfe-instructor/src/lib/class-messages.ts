import { api } from "shared-auth";
import type { ClassMessages } from "shared-auth/wire";

/** Messages to a class's families (decision 046): sent through the API, which e-mails each guardian. */
export type ClassMessage = ClassMessages["messages"][number];

export const messagesKey = (classId: string) => ["class-messages", classId] as const;

export const fetchMessages = async (classId: string) =>
  (await api.get<ClassMessages>(`/classes/${classId}/messages`)).data.messages;

export const sendToClass = async (classId: string, message: { subject: string; body: string }) =>
  (await api.post<ClassMessage>(`/classes/${classId}/messages`, message)).data;

export const sendToToday = async (message: { subject: string; body: string }) =>
  (await api.post<{ classes: number; recipients: number }>("/today/messages", message)).data;

/** "Sent to 12 addresses", "Sent to 1 address": what the sender is told. */
export const sentTo = (n: number) => `Sent to ${n} ${n === 1 ? "address" : "addresses"}.`;
