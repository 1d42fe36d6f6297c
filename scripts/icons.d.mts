// Types for scripts/icons.mjs (imported by test/unit/icons.test.ts).
export const ICON_SOURCE: string;
export const ICON_SIZES: number[];
export function iconPath(size: number): string;
export function renderIcon(size: number, svg?: string): Buffer;
