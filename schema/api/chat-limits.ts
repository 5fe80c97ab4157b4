// Apart from chat.ts, whose schemas build zod at import: the map's page shows the chat box with this
// limit, and importing it from there put zod into that page's first scripts.

export const CHAT_MESSAGE_MAX = 500;
