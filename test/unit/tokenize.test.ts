import { describe, expect, it } from 'vitest';
import { tokens } from '../../lib/text/tokens';
import { WordHashes, hashToken, hashWords } from '../../lib/text/tokenize';
import { WORD_MUL_A, WORD_MUL_B, WORD_SEED_A, WORD_SEED_B } from '../../lib/sketch/hash';
import { lexicallyEquivalent, resemblance, sketch } from '../../lib/index';
import { mulberry32 } from './helpers/random';

function fastHashes(text: string): [number, number][] {
  const w = hashWords(text, new WordHashes());
  return Array.from({ length: w.n }, (_, i) => [w.a[i], w.b[i]] as [number, number]);
}

const PIECES = [
  'Resemble',
  'near-duplicate',
  "don't",
  'don’t',
  'CAFÉ',
  'café',
  'cafe\u0301',
  'Straße',
  'STRASSE',
  'ΟΔΥΣΣΕΥΣ',
  'ὀδυσσεύς',
  '東京は日本の首都です',
  'カタカナ',
  'ひらがな',
  '한국어 문장',
  'ภาษาไทย',
  'ﬁnance',
  'Ｆｕｌｌｗｉｄｔｈ',
  '①②',
  '𝐁𝐨𝐥𝐝',
  '😀',
  'soft\u00adhyphen',
  'zero\u200bwidth',
  'x²',
  '3.14',
  'e-mail',
  '—',
  '“quoted”',
  '\u00a0',
  'naïve',
  'ǅemal',
  'İstanbul',
  'résumé',
  'Ωmega',
  '١٢٣',
  'русский',
  'ÆØÅ',
  '\t',
  '\n',
  '  ',
  '...',
  'a1b2',
  'Ǆ',
  'ĳ',
];

describe('canonical tokens', () => {
  it('are words folded to lower case, with punctuation and formatting ignored', () => {
    expect(tokens('The  Rose, is a ROSE!')).toEqual(['the', 'rose', 'is', 'a', 'rose']);
    expect(tokens('<not markup> 3.14 e-mail')).toEqual(['not', 'markup', '3', '14', 'e', 'mail']);
  });

  it('apply NFKC and full case folding', () => {
    expect(tokens('ﬁnance Ｆｕｌｌ Straße ΟΔΥΣΣΕΥΣ')).toEqual(['finance', 'full', 'strasse', 'οδυσσευσ']);
    expect(tokens('cafe\u0301')).toEqual(tokens('CAFÉ'));
  });

  it('drop invisible format characters inside words', () => {
    expect(tokens('soft\u00adhyphen zero\u200bwidth')).toEqual(['softhyphen', 'zerowidth']);
  });

  it('make each character of Chinese and Japanese text a token, so shingles are character n-grams', () => {
    expect(tokens('東京は日本の首都です')).toEqual(['東', '京', 'は', '日', '本', 'の', '首', '都', 'で', 'す']);
    expect(tokens('Tokyo東京2024')).toEqual(['tokyo', '東', '京', '2024']);
    const a = sketch('東京は日本の首都であり、世界有数の大都市です。', { shingle: 2 });
    const b = sketch('東京は日本の首都であり、世界でも有数の大都市です。', { shingle: 2 });
    const c = sketch('大阪は関西地方の中心的な商業都市として知られる。', { shingle: 2 });
    expect(resemblance(a, b)).toBeGreaterThan(0.6);
    expect(resemblance(a, c)).toBeLessThan(0.15);
  });

  it('the fast word hashes equal the hashes of the spec tokens, on mixed-script text', () => {
    const rnd = mulberry32(7);
    for (let trial = 0; trial < 300; trial++) {
      const parts: string[] = [];
      const n = 1 + Math.floor(rnd() * 12);
      for (let i = 0; i < n; i++) {
        parts.push(PIECES[Math.floor(rnd() * PIECES.length)]);
        parts.push(rnd() < 0.7 ? ' ' : rnd() < 0.5 ? '' : ',');
      }
      const text = parts.join('');
      expect(fastHashes(text), JSON.stringify(text)).toEqual(tokens(text).map(hashToken));
    }
  });

  it('the hot loop uses the same constants that lib/sketch/hash.ts names', () => {
    let a = WORD_SEED_A;
    let b = WORD_SEED_B;
    for (const c of 'word') {
      a = Math.imul(a ^ c.charCodeAt(0), WORD_MUL_A);
      b = Math.imul(b ^ c.charCodeAt(0), WORD_MUL_B);
    }
    expect(fastHashes('Word')).toEqual([[a, b]]);
  });

  it('whole-text fingerprints are equal exactly for lexically-equivalent documents', () => {
    const x = sketch('The rose, is a rose.');
    expect(lexicallyEquivalent(x, sketch('the ROSE is   a rose'))).toBe(true);
    expect(lexicallyEquivalent(x, sketch('<p>The <b>rose</b> is a rose</p>', { format: 'html' }))).toBe(true);
    expect(lexicallyEquivalent(x, sketch('the rose is a rose too'))).toBe(false);
    expect(lexicallyEquivalent(x, sketch('rose the is a rose'))).toBe(false);
  });
});
