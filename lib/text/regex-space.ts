/** Whether c is in JavaScript's \s (a different set from the tokenizer's `isSpace`). */
export function isRegexSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 160 &&
      (c === 160 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

/**
 * Whether `\s+` → ' ' would change s: two whitespace characters in a row, or any but a plain space.
 * A character loop: most lines need no collapsing, and the replace cost a tenth of extraction.
 */
export function looseSpace(s: string): boolean {
  let prev = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ws = isRegexSpace(c);
    if (ws && (prev || c !== 32)) return true;
    prev = ws;
  }
  return false;
}
