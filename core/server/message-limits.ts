/**
 * The largest JSON-RPC message the server reads, on stdio and as an HTTP
 * body. 32 MiB holds a 9 MiB text argument even when JSON escaping triples
 * it (quotes, backslashes, control characters), while one message can never
 * take an unbounded share of memory. The SDK's own stdio limit is 10 MiB.
 */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
