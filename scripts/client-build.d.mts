/** Builds the client into dist/client when it is missing; whether it is there afterwards. */
export function ensureClientBuilt(): boolean;
