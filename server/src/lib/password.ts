import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createRequire } from 'node:module';

// OWASP's Argon2id parameters: m=19456 KiB, t=2, p=1.
// Algorithm is an ambient const enum; 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// An unknown username still costs one verify, so timing does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('fitbench-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

// Mozilla's list of common passwords, shipped in node_modules (no network).
const require = createRequire(import.meta.url);
const commonList = require('fxa-common-password-list') as { test: (p: string) => boolean };

export function isCommonPassword(password: string): boolean {
  return commonList.test(password) || commonList.test(password.toLowerCase());
}
