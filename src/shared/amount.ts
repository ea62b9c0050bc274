/**
 * An amount as Medusa's reads hand it out: a number, a numeric string, or a BigNumber-like
 * object (`{ numeric }`, or a raw `{ value, precision }`); 0 when absent.
 */
export function amountOf(value: unknown): number {
  if (value && typeof value === "object") {
    const big = value as { numeric?: unknown; value?: unknown }
    return Number(big.numeric ?? big.value ?? 0)
  }
  return Number(value ?? 0)
}
