import { storeHeaders, trimSlash, withQuery, type ApiClientOptions, type Query } from "./api"
import { readEventStream, type EventStreamEnd, type EventStreamRequest } from "../../shared/browser-safe/event-stream"

/** What the caller of a stream chooses; the URL, key header and fetch come from the client. */
export type StreamHandlers = Omit<EventStreamRequest, "url" | "headers" | "fetch">

/** Reads one Server-Sent Events route of the store API until it ends. */
export type StreamClient = (path: string, query: Query, handlers: StreamHandlers) => Promise<EventStreamEnd>

/**
 * The store API's event streams, sent as `createApiClient` sends calls: the publishable key
 * header, the shopper's locale and the visitor cookie. Kept apart from the API client so bundles without a stream
 * (the coming-soon block) do not carry the SSE parser.
 */
export function createStreamClient(options: ApiClientOptions): StreamClient {
  const base = trimSlash(options.baseUrl)
  return async (path, query, handlers) =>
    readEventStream({
      ...handlers,
      url: `${base}${withQuery(path, query)}`,
      headers: await storeHeaders(options),
      fetch: options.fetch,
    })
}
