export function confirmCard(sandboxUrl: string, clientSecret: string, number?: string): Promise<number>;
export function authenticateCard(
  sandboxUrl: string,
  clientSecret: string,
  outcome?: "complete" | "fail",
): Promise<number>;
