import type { Command } from '../command';
import { changes } from './changes';
import { cluster } from './cluster';
import { compare } from './compare';
import { nearest } from './nearest';
import { serp } from './serp';
import { sketchCommand } from './sketch';

/** Every command, in the order `resemble --help` lists them. A new command is a module exporting a Command, added here. */
export const COMMANDS: readonly Command[] = [compare, cluster, nearest, sketchCommand, changes, serp];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
