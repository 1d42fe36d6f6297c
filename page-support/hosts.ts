import type { HostErrorCode } from '../lib/url/host';
import { type MessageKey, tOf } from '../shared/i18n';

// Hosts are checked by lib/url/host's parseHost: the settings schema (lib/settings.ts) holds stored hosts to it too.

/** Adds a host to a list unless it is there already (hosts are compared in their parsed form). */
export function addHost(hosts: readonly string[], host: string): string[] {
  return hosts.includes(host) ? [...hosts] : [...hosts, host];
}

const HOST_ERROR_KEYS = {
  empty: 'options_host_empty',
  scheme: 'options_host_scheme',
  path: 'options_host_path',
  chars: 'options_host_chars',
  form: 'options_host_form',
  port: 'options_host_port',
  invalid: 'options_host_invalid',
  labels: 'options_host_labels',
} as const satisfies Record<HostErrorCode, MessageKey>;

/** Why a typed host was refused, in the UI language (lib's English for a code this page does not know). */
export function hostErrorWords(r: { code: HostErrorCode; error: string }): string {
  return tOf(HOST_ERROR_KEYS, r.code) ?? r.error;
}
