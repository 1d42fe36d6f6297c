// The check lives in lib: the settings schema (lib/settings.ts) holds stored hosts to it too.
export { type HostCheck, parseHost } from '../lib/url/host';

/** Adds a host to a list unless it is there already (hosts are compared in their parsed form). */
export function addHost(hosts: readonly string[], host: string): string[] {
  return hosts.includes(host) ? [...hosts] : [...hosts, host];
}
