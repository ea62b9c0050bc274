/**
 * Compile-time checks that a shape written twice stays one shape: `Assert<Same<A, B>>` fails
 * `tsc` when either side changes alone. Used where a client keeps its own plain type (the
 * browser-safe code, whose published declarations cannot import zod) beside the wire schema.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export type Assert<Check extends true> = Check
