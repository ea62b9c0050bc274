import { MedusaError } from "@medusajs/framework/utils"

/**
 * A path whose %-escapes do not decode (`/products/%ED%A0%80`): Express throws a URIError while
 * matching a route parameter, which Medusa's error handler would answer as a 500. No id can be
 * named that way: a 404, as for any path id that cannot exist. Both lanes answer it so.
 */
export const withMalformedPathAsNotFound = (error: unknown): unknown =>
  error instanceof URIError ? new MedusaError(MedusaError.Types.NOT_FOUND, "Nothing is found at a path with a malformed %-escape") : error
