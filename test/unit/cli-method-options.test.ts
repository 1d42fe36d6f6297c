import { describe, expect, it } from 'vitest';
import { AUTO_PREFIX_MAX, resolveCandidates } from '../../cli/method-options';

describe('--candidates auto', () => {
  it('takes the exact prefix step up to AUTO_PREFIX_MAX documents and super shingles beyond', () => {
    expect(resolveCandidates('auto', 10)).toBe('prefix');
    expect(resolveCandidates('auto', AUTO_PREFIX_MAX)).toBe('prefix');
    expect(resolveCandidates('auto', AUTO_PREFIX_MAX + 1)).toBe('super');
    expect(resolveCandidates('prefix', 30_000_000)).toBe('prefix');
    expect(resolveCandidates('super', 3)).toBe('super');
  });
});
