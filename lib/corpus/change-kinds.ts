/**
 * What became of a document between two snapshots of a corpus (issue #40, the seed's "characterizing
 * how pages change over time"): found under its id, unchanged or changed; found elsewhere by content,
 * moved; found nowhere, gone; and the NEW documents nothing matched, new.
 */
export type ChangeStatus = 'unchanged' | 'changed' | 'moved' | 'gone' | 'new';

/**
 * Unchanged: the same canonical text (whole-text fingerprint and token count), or sketches that agree
 * on every sampled shingle (estimated resemblance 1). The second can hide an edit no sampled shingle
 * saw; it is what the sketch can tell.
 */
export function sameOrChanged(sameText: boolean, resemblance: number): 'unchanged' | 'changed' {
  return sameText || resemblance >= 1 ? 'unchanged' : 'changed';
}

/**
 * The seed's kind of summary: OLD's documents by what became of them. A changed document is "slight"
 * when it still resembles its old version at the threshold (it would still be found as that document
 * by content: the seed's 50% is "roughly the same"), "heavy" below it. Moved documents count as moved
 * whatever their edit; `movedUnchanged` says how many of them kept their text.
 */
export class ChangeTally {
  unchanged = 0;
  slightlyChanged = 0;
  heavilyChanged = 0;
  moved = 0;
  movedUnchanged = 0;
  gone = 0;
  added = 0;

  constructor(readonly threshold: number) {}

  add(status: ChangeStatus, resemblance = 0): void {
    if (status === 'unchanged') this.unchanged++;
    else if (status === 'changed') {
      if (resemblance >= this.threshold) this.slightlyChanged++;
      else this.heavilyChanged++;
    } else if (status === 'moved') {
      this.moved++;
      if (resemblance >= 1) this.movedUnchanged++;
    } else if (status === 'gone') this.gone++;
    else this.added++;
  }

  /** OLD's documents: every one is unchanged, changed, moved or gone. */
  get old(): number {
    return this.unchanged + this.slightlyChanged + this.heavilyChanged + this.moved + this.gone;
  }
}
