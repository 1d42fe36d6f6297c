import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../lib/async/one-at-a-time';

describe('oneAtATime', () => {
  it('runs steps in order, one at a time, and a failed step does not stop the next', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    let release!: () => void;
    const first = serial(async () => {
      log.push('1 start');
      await new Promise<void>((r) => (release = r));
      log.push('1 end');
      return 1;
    });
    const second = serial(async () => {
      log.push('2');
      throw new Error('no');
    });
    const third = serial(async () => (log.push('3'), 3));
    await Promise.resolve();
    expect(log).toEqual(['1 start']);
    release();
    expect(await first).toBe(1);
    await expect(second).rejects.toThrow('no');
    expect(await third).toBe(3);
    expect(log).toEqual(['1 start', '1 end', '2', '3']);
  });
});
