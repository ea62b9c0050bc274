import { createHash } from "node:crypto"

/**
 * What the database keeps of a visitor's cookie: its SHA-256, hex. The token has 256 random
 * bits, so a plain digest cannot be reversed or guessed, and a copy of the database (or an
 * admin screen) gives nobody a way into a shopper's chat.
 */
export const storedVisitorKey = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex")
