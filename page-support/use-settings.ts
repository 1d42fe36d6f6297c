import { browser } from 'wxt/browser';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch, applySettingsPatch } from '../lib/settings';
import { errorText, send } from './messaging';
import { patchProblem } from './patch-check';
import { t } from '../shared/i18n';

/** 'fallback': the background did not answer settings/get, so the defaults are shown. */
export type SettingsStatus = 'loading' | 'ready' | 'fallback';

/** What a part of a settings page needs: the settings shown and a way to change them. */
export interface SettingsProps {
  settings: Settings;
  save: SettingsState['save'];
}

export interface SettingsState {
  settings: Settings;
  status: SettingsStatus;
  /** Why the settings could not be loaded (status 'fallback'). */
  loadError?: string;
  /** Checks a patch, applies it at once and saves it; resolves to undefined when saved, else the problem in words. */
  save(patch: SettingsPatch): Promise<string | undefined>;
}

const STORAGE_KEY = 'settings';
const LOAD_TIMEOUT_MS = 5000;

/**
 * The settings as the background has them: loaded with settings/get, changed with settings/set, and
 * loaded again when another page changes them (storage.onChanged on the 'settings' key, sync or local).
 * A change shows at once; if the background refuses it, the last saved settings come back.
 */
export function useSettings(): SettingsState {
  const [settings, setSettings] = useState<Settings>(() => structuredClone(DEFAULT_SETTINGS) as Settings);
  const [status, setStatus] = useState<SettingsStatus>('loading');
  const [loadError, setLoadError] = useState<string>();
  const loaded = useRef(false);
  const saved = useRef<Settings>(settings);
  // Only the answer to the latest request is shown: an older one may describe an older state.
  const seq = useRef(0);

  const accept = (n: number, s: Settings) => {
    saved.current = s;
    if (n === seq.current) setSettings(s);
  };

  const load = useCallback(async () => {
    const n = ++seq.current;
    try {
      accept(n, await send('settings/get', {}, { timeoutMs: LOAD_TIMEOUT_MS }));
      loaded.current = true;
      setStatus('ready');
      setLoadError(undefined);
    } catch (e) {
      // A failed refresh keeps settings that did load; only without them are the defaults shown.
      if (loaded.current) return;
      setStatus('fallback');
      setLoadError(errorText(e));
    }
  }, []);

  useEffect(() => {
    void load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if ((area === 'sync' || area === 'local') && Object.hasOwn(changes, STORAGE_KEY)) void load();
    };
    browser.storage?.onChanged.addListener(onChanged);
    return () => browser.storage?.onChanged.removeListener(onChanged);
  }, [load]);

  const save = useCallback(async (patch: SettingsPatch) => {
    const problem = patchProblem(patch);
    if (problem) return problem;
    const n = ++seq.current;
    setSettings((prev) => applySettingsPatch(prev, patch));
    try {
      accept(n, await send('settings/set', patch));
      return undefined;
    } catch (e) {
      if (n === seq.current) setSettings(saved.current);
      return t('common_notSaved', errorText(e));
    }
  }, []);

  return { settings, status, loadError, save };
}
