/**
 * Where ../shared is, and whether the tests may read it: the one place every test (unit, Chromium,
 * Firefox) asks. A fresh clone has no ../shared beside it; RESEMBLE_NO_SHARED=1 makes a machine that has
 * one behave as a fresh clone (CI's second unit run, `.ci/run`), so a test that fails without ../shared
 * fails CI too. Imports nothing from a test runner.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED = path.resolve(repoRoot, '../shared');

/** Set to 1 to hide ../shared from every test, as if the repository were cloned alone. */
export const NO_SHARED_ENV = 'RESEMBLE_NO_SHARED';
export const sharedHidden = process.env[NO_SHARED_ENV] === '1';

export const hasShared = !sharedHidden && existsSync(SHARED);

/** Why a test that needs ../shared was skipped. */
export const SHARED_ABSENT_REASON = sharedHidden ? `${NO_SHARED_ENV}=1 hides ${SHARED}` : `${SHARED} does not exist`;

/** `rel` under ../shared when the tests may read it and it exists there, else undefined. */
export function sharedFileIfPresent(rel: string): string | undefined {
  if (!hasShared) return undefined;
  const p = path.join(SHARED, rel);
  return existsSync(p) ? p : undefined;
}
