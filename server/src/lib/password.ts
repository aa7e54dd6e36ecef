import { createRequire } from 'node:module';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import os from 'node:os';
import { WorkLimiter } from './work-limiter';

// OWASP's Argon2id parameters: m=19456 KiB, t=2, p=1.
// Algorithm is an ambient const enum; 2 is Argon2id.
export const ARGON2_DEFAULT_COST = { memoryCost: 19456, timeCost: 2 };
let OPTIONS = { algorithm: 2 as Algorithm, ...ARGON2_DEFAULT_COST, parallelism: 1 };

/**
 * The cost of new hashes (buildApp sets it from its config). Only test suites that hash thousands
 * of passwords lower it; a stored hash is always verified with the cost written in it.
 */
export function configureArgon2Cost(cost: { memoryCost: number; timeCost: number }) {
  if (cost.memoryCost === OPTIONS.memoryCost && cost.timeCost === OPTIONS.timeCost) return;
  OPTIONS = { ...OPTIONS, ...cost };
  dummyHash = undefined;
}

/**
 * Every hash and verify of the process goes through this limiter: at most one per core at once,
 * a short queue, then 503 (docs/decisions/0032-argon2-queue.md). buildApp sets its size.
 */
export const argon2Limiter = new WorkLimiter(
  os.availableParallelism(),
  4 * os.availableParallelism(),
);

export function hashPassword(password: string): Promise<string> {
  return argon2Limiter.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  return argon2Limiter.run(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

// An unknown username still costs one verify, so timing does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hash('fitbench-dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummyHash, password);
}

/** How many of the most common passwords are refused (docs/decisions/0031-login-throttles-and-passwords.md). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

// zxcvbn-ts's list of common passwords, most frequent first, shipped in node_modules (no network).
// It is all lower case; comparing lower case also refuses 'Qwerty' and 'PASSWORD'. Loaded with the
// first password checked, not at start (about 40 ms imported alone, docs/decisions/0188).
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (
      createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
        dictionary: Record<string, string[]>;
      }
    ).dictionary['passwords-common']!.slice(0, COMMON_PASSWORDS_REFUSED),
  );
  return common.has(password.toLowerCase());
}
