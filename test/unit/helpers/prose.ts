import { mulberry32 } from './random';

const WORDS = (
  'the of and to a in that is was he for it with as his on be at by had not are but from or have an they ' +
  'which one you were her all she there would their we him been has when who will more no if out so said what up ' +
  'its about into than them can only other new some could time these two may then do first any my now such like our ' +
  'over man me even most made after also did many before must through back years where much your way well down should ' +
  'because each just those people how too little state good very make world still own see men work long get here ' +
  'between both life being under never day same another know while last might us great old year off come since against ' +
  'go came right used take three house garden river morning letter window mountain village silence harbour engine ' +
  'winter question doctor captain country evening paper market judge bridge candle forest doorway orchard lantern'
).split(' ');

/**
 * Deterministic English-like prose (Zipf-weighted common words, sentences, punctuation): a stand-in for
 * real text when ../shared is absent, and a text whose exact shingle sets are cheap to compute.
 */
export function proseText(seed: number, words: number): string {
  const rnd = mulberry32(seed);
  const out: string[] = [];
  let sentence = 0;
  for (let i = 0; i < words; i++) {
    const r = rnd();
    const w = WORDS[Math.floor(WORDS.length * r * r)] + (rnd() < 0.08 ? String(Math.floor(rnd() * 1000)) : '');
    out.push(sentence === 0 ? w[0].toUpperCase() + w.slice(1) : w);
    sentence++;
    if (sentence > 8 && rnd() < 0.15) {
      out[out.length - 1] += rnd() < 0.8 ? '.' : ',';
      sentence = 0;
    }
  }
  return out.join(' ');
}
