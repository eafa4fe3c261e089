export type BuildOutput = { built: string; sources: string[] };
export function staleReason(output: BuildOutput): string | null;
export const CORE_OUTPUT: BuildOutput;
export const SERVER_OUTPUT: BuildOutput;
export const WEB_OUTPUT: BuildOutput;
export const DEMO_WEB_OUTPUT: BuildOutput;
