import type { EngineSpec } from './types';
import { google } from './specs/google';

/** Every engine Resemble reads, as data: hosts, paths, and selectors per markup variant. */
export const ENGINES: readonly EngineSpec[] = [google];
