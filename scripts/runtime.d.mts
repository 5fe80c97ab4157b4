export const SUPPORTED_MAJOR: number;
export function requireRuntime(): void;
