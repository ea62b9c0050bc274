import { randomBytes } from "node:crypto"

/** Crockford's base32 in lower case: no i, l, o or u, so a code read aloud or retyped survives. */
export const REFERRAL_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
/** 10 characters of 5 random bits each: 50 bits, short in a link and not worth guessing. */
export const REFERRAL_CODE_LENGTH = 10

/** A new ledger row's own referral code (`shared_by` in its share links). */
export function newReferralCode(): string {
  // 256 is a multiple of 32, so the low 5 bits of a random byte are uniform.
  return Array.from(randomBytes(REFERRAL_CODE_LENGTH), (byte) => REFERRAL_CODE_ALPHABET[byte & 31]).join("")
}
