import type { GroupInput } from '../../lib/group/results';

/**
 * A results page in miniature for the welcome page's picture: grouped by lib's own groupResults at the
 * default threshold when the page opens, so the picture shows what Resemble really does with it.
 * Invented sites; the text is Thoreau's Walden (1854, public domain), as in the offline demo (demo/).
 */
export const EXAMPLE_QUERY = 'thoreau walden i went to the woods';

export const EXAMPLE_RESULTS: readonly GroupInput[] = [
  {
    rank: 1,
    url: 'https://www.gutenberg.org/files/205/205-h/205-h.htm',
    title: 'Walden, by Henry David Thoreau',
    snippet:
      'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.',
  },
  {
    rank: 2,
    url: 'https://bookwiki.example/wiki/Walden',
    title: 'Walden - BookWiki',
    snippet: 'Walden is a book by Henry David Thoreau, first published in 1854, reflecting on simple living in natural surroundings near Walden Pond.',
  },
  {
    rank: 3,
    url: 'https://www.quotegarden.example/thoreau/live-deliberately',
    title: 'Thoreau: I went to the woods because I wished to live deliberately',
    snippet:
      'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.',
  },
  {
    rank: 4,
    url: 'https://www.trailnotes.example/essays/walden-pond-in-winter',
    title: 'Walden Pond in winter - Trail Notes',
    snippet: 'A walk around Walden Pond on a January morning, when the ice sings and the cabin site is quiet under the snow.',
  },
  {
    rank: 5,
    url: 'https://www.trailnotes.example/amp/essays/walden-pond-in-winter?utm_source=feed&utm_medium=amp',
    title: 'Walden Pond in winter - Trail Notes',
    snippet: 'A walk around Walden Pond on a January morning, when the ice sings and the cabin site is quiet under the snow.',
  },
  {
    rank: 6,
    url: 'https://slowliving.example/blog/simplify-simplify',
    title: 'Simplify, simplify: what Walden still teaches',
    snippet: 'Our life is frittered away by detail. Thoreau’s advice still works: keep your accounts on your thumb-nail, and see what is left.',
  },
];
