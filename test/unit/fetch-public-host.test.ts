import { describe, expect, it } from 'vitest';
import { publicHost } from '../../lib/fetch/public-host';

describe('publicHost: page checks never reach the user’s own machine or network', () => {
  it.each([
    ['https://example.org/a', true],
    ['http://news.example.co.uk/x', true],
    ['https://8.8.8.8/', true],
    ['http://localhost:8080/', false],
    ['http://app.localhost/', false],
    ['http://printer.local/', false],
    ['http://intranet/', false],
    ['http://127.0.0.1/', false],
    ['http://10.1.2.3/', false],
    ['http://192.168.1.1/admin', false],
    ['http://172.16.0.1/', false],
    ['http://172.32.0.1/', true],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://[::1]/', false],
    ['http://[fd00::1]/', false],
    ['http://[fe80::1]/', false],
    ['http://0.0.0.0/', false],
  ])('%s → %s', (url, ok) => {
    expect(publicHost(new URL(url))).toBe(ok);
  });
});
