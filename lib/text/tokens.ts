import { ISOLATE, IGNORE, WORD, classifyCodePoint, foldSegment } from './char-class';

/**
 * The canonical tokens of a text, as strings: the readable specification of what `hashWords` hashes.
 * Slow (a regex per character); `hashWords` uses it only for stretches that contain non-ASCII text.
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of foldSegment(text)) {
    const k = classifyCodePoint(ch);
    if (k === IGNORE) continue;
    if (k === ISOLATE) {
      if (word) out.push(word);
      out.push(ch);
      word = '';
    } else if (k === WORD) {
      word += ch;
    } else if (word) {
      out.push(word);
      word = '';
    }
  }
  if (word) out.push(word);
  return out;
}
