export function confirmCard(sandboxUrl: string, clientSecret: string, number?: string): Promise<number>;
