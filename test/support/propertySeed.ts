/**
 * One seed for every property test of the suite (a vitest setup file): fixed by default, so that a
 * run is repeatable and a CI run fails only on a change, not on a draw; another one through
 * `LOBBYKIT_PROPERTY_SEED=<number>`, or a fresh one on every run with `LOBBYKIT_PROPERTY_SEED=random`
 * to explore. A failing property prints the seed and path that replay it.
 */
import fc from 'fast-check';

const chosen = process.env.LOBBYKIT_PROPERTY_SEED;

/** The seed in force; undefined with `LOBBYKIT_PROPERTY_SEED=random` (fast-check draws one per run). */
export const propertySeed: number | undefined = chosen === 'random' ? undefined : Number(chosen ?? 20261124);

if (propertySeed !== undefined && !Number.isSafeInteger(propertySeed)) {
  throw new Error(`LOBBYKIT_PROPERTY_SEED must be an integer or "random" (got ${chosen})`);
}
if (propertySeed !== undefined) fc.configureGlobal({ seed: propertySeed });
