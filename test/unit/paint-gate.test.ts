/**
 * Issue #17: the content script holds the page's paint while it cannot group yet, and always lets it
 * go: when told, and by itself after its cap (a storage read that never answers).
 */
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATE_ID, holdPaint } from '../../entrypoints/results/paint-gate';

describe('holdPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', parseHTML('<!doctype html><html><head></head><body><p>results</p></body></html>').document);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const gate = () => document.getElementById(GATE_ID);

  it('hides the root (keeping its layout) until released; releasing twice is harmless', () => {
    const release = holdPaint(150);
    expect(gate()?.textContent).toBe(':root { visibility: hidden !important; }');
    expect(gate()?.parentElement).toBe(document.documentElement);
    release();
    expect(gate()).toBeNull();
    release();
    expect(gate()).toBeNull();
  });

  it('lets the page paint by itself after its cap', () => {
    holdPaint(150);
    vi.advanceTimersByTime(149);
    expect(gate()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(gate()).toBeNull();
  });
});
