import type { Command } from '../command';
import { cluster } from './cluster';
import { compare } from './compare';
import { nearest } from './nearest';
import { sketchCommand } from './sketch';

/**
 * Every command, in the order `resemble --help` lists them. A new command is a module exporting a
 * Command, added here; `serp` (sketch a search results page, `resemble serp FILE.html [--url URL]
 * [--json]`) will be one. Until then `resemble serp` is an unknown command like any other.
 */
export const COMMANDS: readonly Command[] = [compare, cluster, nearest, sketchCommand];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
