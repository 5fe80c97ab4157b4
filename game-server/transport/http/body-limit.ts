/** The largest JSON body /api reads; /matchmake is held to the same, and the API document says so. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;
