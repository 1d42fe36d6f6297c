import { ENGINE_IDS, type EngineId } from './engines/heads';
import { type AddedEngine, addedEnginesCheck, usableAddedEngines } from './engines/added';
import { parseHost } from './url/host';
import { type Check, type Checked, arr, bool, check, num, obj, oneOf, optional, str } from './validate';

/** A host as the options store it (parsed, lower-case, punycode, port only when not 443). */
const hostName = (): Check<string> => (v, path, errors) => {
  const s = str({ min: 1, max: 259 })(v, path, errors);
  if (s === undefined) return s;
  const parsed = parseHost(s);
  if (parsed.ok && parsed.host === s) return s;
  errors.push(`${path}: ${parsed.ok ? `not in its plain form (${parsed.host})` : parsed.error}`);
  return undefined as unknown as string;
};

// The engine ids are the engine table's (lib/engines/heads.ts): one list, which the settings' shape follows.
export { ENGINE_IDS, type EngineId };

export const DISPLAY_MODES = ['collapse', 'flag', 'off'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** What a results page does with a result from a copycat site (issue #19). */
export const COPYCAT_DISPLAYS = ['label', 'hide', 'off'] as const;
export type CopycatDisplay = (typeof COPYCAT_DISPLAYS)[number];

/** The sketch sizes a user may choose: the validator's and the options' one list. */
export const SKETCH_SIZES = [64, 128, 256] as const;
export type SketchSize = (typeof SKETCH_SIZES)[number];

/** The settings that hold any number in a range (not `version`, not a choice such as the sketch size). */
type NumberSetting = { [K in keyof Settings]: number extends Settings[K] ? (K extends 'version' ? never : K) : never }[keyof Settings];

/** A number setting's range and the step its control moves by; a step of 1 means whole numbers only. */
export interface NumberBounds {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/**
 * The bounds of every number setting, one definition: the schema below checks values against them and
 * the options' sliders and number fields take their min, max and step from here.
 */
export const SETTING_BOUNDS = {
  resemblanceThreshold: { min: 0.3, max: 0.95, step: 0.01 },
  containmentThreshold: { min: 0.5, max: 1, step: 0.01 },
  snippetShingle: { min: 1, max: 4, step: 1 },
  pageShingle: { min: 3, max: 10, step: 1 },
  cacheMaxMB: { min: 1, max: 500, step: 1 },
  cacheMaxAgeDays: { min: 1, max: 365, step: 1 },
  // 0: every visit; 720 hours (30 days) is the cache's default age limit, past which a page is read again anyway.
  recheckHours: { min: 0, max: 720, step: 1 },
  copycatMinOriginals: { min: 1, max: 100, step: 1 },
  copycatMinSites: { min: 1, max: 20, step: 1 },
} as const satisfies { [K in NumberSetting]: NumberBounds };
export type BoundedSetting = keyof typeof SETTING_BOUNDS;

/** A number setting's check, from its bounds (only the step 1 is enforced: the thresholds take any value between). */
const bounded = (b: NumberBounds): Check<number> => num({ min: b.min, max: b.max, int: b.step === 1 });

export const SETTINGS_VERSION = 1;

export interface Settings {
  version: number;
  /** Resemblance at or above which two results are near-copies. */
  resemblanceThreshold: number;
  /** Containment at or above which a page is shown as an excerpt of another. */
  containmentThreshold: number;
  snippetShingle: number;
  pageShingle: number;
  sketchSize: SketchSize;
  displayMode: DisplayMode;
  engines: Record<EngineId, boolean>;
  /** Hosts of SearXNG instances the user added (host permission asked when added). */
  searxngHosts: string[];
  /**
   * Search engines the user added from a results page's address (issue #27), read by structure; on
   * (no `engines` entry), their content script registered for those whose host access is granted.
   */
  addedEngines: AddedEngine[];
  /** Fetch result pages to confirm groups (asked once; host permission asked when turned on). */
  pageChecking: boolean;
  pageCheckingAsked: boolean;
  /** Lost and found may ask the Internet Archive whether it has a dead page (off unless the user turns it on). */
  archiveLookups: boolean;
  cacheMaxMB: number;
  cacheMaxAgeDays: number;
  /** A checked page read longer ago than this many hours is read again on a new visit, to see whether it changed (issue #40); 0: every visit. */
  recheckHours: number;
  /** A result from a copycat site: labelled, hidden behind a reveal control, or left alone. */
  copycatDisplay: CopycatDisplay;
  /** A site is a copycat when its pages copy at least this many different originals… */
  copycatMinOriginals: number;
  /** …from at least this many other sites (and no other site copies it). */
  copycatMinSites: number;
}
/** A change: any settings, and for engines only those it switches. */
export type SettingsPatch = Partial<Omit<Settings, 'version' | 'engines'>> & { engines?: Partial<Record<EngineId, boolean>> };

type Field<T> = { def: T; check: Check<T> };

/** One schema: every setting with its default and its check. */
const FIELDS: { [K in keyof Omit<Settings, 'version'>]: Field<Settings[K]> } = {
  resemblanceThreshold: { def: 0.5, check: bounded(SETTING_BOUNDS.resemblanceThreshold) },
  containmentThreshold: { def: 0.8, check: bounded(SETTING_BOUNDS.containmentThreshold) },
  snippetShingle: { def: 2, check: bounded(SETTING_BOUNDS.snippetShingle) },
  pageShingle: { def: 5, check: bounded(SETTING_BOUNDS.pageShingle) },
  sketchSize: { def: 128, check: oneOf(...SKETCH_SIZES) },
  displayMode: { def: 'collapse', check: oneOf(...DISPLAY_MODES) },
  engines: {
    def: Object.fromEntries(ENGINE_IDS.map((e) => [e, true])) as Record<EngineId, boolean>,
    // Each engine optional: a patch names only the engines it changes; stored maps are merged with the defaults.
    check: obj(Object.fromEntries(ENGINE_IDS.map((e) => [e, optional(bool())]))) as unknown as Check<Record<EngineId, boolean>>,
  },
  // The same check as the options' form: a stored "*" or "host/path" would become a match pattern.
  searxngHosts: { def: [], check: arr(hostName(), { max: 50 }) },
  // Public host names in their plain form (a match pattern and a host permission), paths from '/',
  // a parameter, names of at most 60 characters; at most 50, one per host (lib/engines/added.ts).
  addedEngines: { def: [], check: addedEnginesCheck },
  pageChecking: { def: false, check: bool() },
  pageCheckingAsked: { def: false, check: bool() },
  archiveLookups: { def: false, check: bool() },
  cacheMaxMB: { def: 20, check: bounded(SETTING_BOUNDS.cacheMaxMB) },
  cacheMaxAgeDays: { def: 30, check: bounded(SETTING_BOUNDS.cacheMaxAgeDays) },
  recheckHours: { def: 24, check: bounded(SETTING_BOUNDS.recheckHours) },
  copycatDisplay: { def: 'label', check: oneOf(...COPYCAT_DISPLAYS) },
  copycatMinOriginals: { def: 3, check: bounded(SETTING_BOUNDS.copycatMinOriginals) },
  copycatMinSites: { def: 2, check: bounded(SETTING_BOUNDS.copycatMinSites) },
};

type Fields = typeof FIELDS;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  version: SETTINGS_VERSION,
  ...Object.fromEntries(Object.entries(FIELDS).map(([k, f]) => [k, structuredClone(f.def)])),
} as Settings);

/** Migrations from version N to N + 1, keyed by N. Each takes and returns a plain object. */
export const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored object at this version (migrations run), every key kept, those this version does not know too. */
function migrated(raw: unknown): Record<string, unknown> {
  let o: Record<string, unknown> = isRecord(raw) ? { ...raw } : {};
  let v = typeof o.version === 'number' && Number.isInteger(o.version) ? o.version : SETTINGS_VERSION;
  while (v < SETTINGS_VERSION && MIGRATIONS[v]) o = { ...MIGRATIONS[v](o), version: ++v };
  return o;
}

/** The engine switches this version knows, each on its own: another version's engine ids are passed over. */
function knownEngines(v: unknown): Partial<Record<EngineId, boolean>> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(ENGINE_IDS.filter((e) => Object.hasOwn(v, e) && typeof v[e] === 'boolean').map((e) => [e, v[e]]));
}

/**
 * Settings read from storage: migrated to the current version, then checked field by field. A field this
 * version cannot read (a corrupt value, or one of a newer version: issue #38) takes `here`'s value (this
 * device's own, shared/settings.ts) or else its default, without losing the others; keys and values of
 * another version (an engine id, an added engine's field) are passed over, never the whole field. Never throws.
 */
export function migrateSettings(raw: unknown, here?: Settings): Settings {
  const o = migrated(raw);
  const out: Record<string, unknown> = { version: SETTINGS_VERSION };
  for (const [k, f] of Object.entries(FIELDS) as [keyof Fields, Field<unknown>][]) {
    const own = here?.[k] ?? f.def;
    // Engines added in a later release start enabled for users whose stored map predates them; one
    // engine's unreadable switch keeps this device's.
    let value = k === 'engines' && isRecord(o[k]) ? { ...(f.def as object), ...(here?.engines ?? {}), ...knownEngines(o[k]) } : o[k];
    // One unusable stored host costs that host only, not the user's others.
    if (k === 'searxngHosts' && Array.isArray(value)) value = value.filter((h) => check(hostName(), h).ok);
    if (k === 'addedEngines' && Array.isArray(value)) value = usableAddedEngines(value);
    const c = check(f.check, value);
    out[k] = c.ok && value !== undefined ? c.value : structuredClone(own);
  }
  return out as unknown as Settings;
}

/**
 * What to store for `next` (the settings after `patch`) over the stored `raw` (issue #38): what another
 * version wrote is kept and written back untouched. A field the patch does not change keeps its stored
 * value as it is (even one this version cannot read); a changed one is written, keeping the engine ids
 * and added engines' fields this version does not know; the version never goes down.
 */
export function settingsToStore(raw: unknown, next: Settings, patch: SettingsPatch): Record<string, unknown> {
  const base = migrated(raw);
  const out: Record<string, unknown> = { ...base, version: Math.max(SETTINGS_VERSION, typeof base.version === 'number' ? base.version : 0) };
  for (const k of Object.keys(FIELDS) as (keyof Fields)[]) {
    if (!Object.hasOwn(patch, k) && Object.hasOwn(base, k)) continue;
    if (k === 'engines') out[k] = { ...(isRecord(base.engines) ? base.engines : {}), ...next.engines };
    else if (k === 'addedEngines') {
      const stored = Array.isArray(base.addedEngines) ? base.addedEngines.filter(isRecord) : [];
      out[k] = next.addedEngines.map((a) => ({ ...(stored.find((s) => s.host === a.host) ?? {}), ...a }));
    } else out[k] = next[k];
  }
  return out;
}

const patchCheck = obj(Object.fromEntries(Object.entries(FIELDS).map(([k, f]) => [k, optional(f.check as Check<unknown>)]))) as unknown as Check<SettingsPatch>;

/** A change from an extension page, checked strictly: an invalid value is an error, not a silent default. */
export function checkSettingsPatch(patch: unknown): Checked<SettingsPatch> {
  return check(patchCheck, patch);
}

export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const engines = patch.engines ? { ...current.engines, ...patch.engines } : current.engines;
  return { ...current, ...patch, engines, version: SETTINGS_VERSION };
}
