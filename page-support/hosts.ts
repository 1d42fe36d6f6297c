// Hosts are checked by lib/url/host's parseHost: the settings schema (lib/settings.ts) holds stored hosts to it too.

/** Adds a host to a list unless it is there already (hosts are compared in their parsed form). */
export function addHost(hosts: readonly string[], host: string): string[] {
  return hosts.includes(host) ? [...hosts] : [...hosts, host];
}
