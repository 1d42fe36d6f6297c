import type { Plugin } from 'vite';

/**
 * Takes Preact's one `innerHTML` assignment out of the bundle. Preact writes `dom.innerHTML` only for
 * the `dangerouslySetInnerHTML` prop, which Resemble never uses (every text is set as text: results'
 * titles, snippets and pages come from the web). That single assignment is what Mozilla's linter
 * (web-ext lint, UNSAFE_VAR_ASSIGNMENT) flags in the Firefox package; removing the capability is the
 * fix, and the prop now throws instead of writing markup.
 *
 * Both halves fail the build rather than pass silently: a Preact whose bundle no longer has exactly one
 * such assignment (an upgrade reshaped it), and a source file of ours that uses the prop.
 */
export function preactNoInnerHtml(): Plugin {
  // Preact's minified dist: `t.innerHTML=h.__html` (the names change between releases, the shape has not).
  const ASSIGN = /\b([A-Za-z_$][\w$]*)\.innerHTML=([A-Za-z_$][\w$]*)\.__html\b/g;
  const REFUSE = '(()=>{throw new TypeError("dangerouslySetInnerHTML is not supported in Resemble: set text as text")})()';
  return {
    name: 'resemble:preact-no-inner-html',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (/\/node_modules\/preact\/dist\/preact\.mjs$/.test(file)) {
        const found = code.match(ASSIGN)?.length ?? 0;
        if (found !== 1)
          this.error(`expected one innerHTML assignment in ${file}, found ${found}: update scripts/vite-preact-no-inner-html.ts for this Preact`);
        return { code: code.replace(ASSIGN, REFUSE), map: null };
      }
      if (!file.includes('/node_modules/') && /\.[cm]?[jt]sx?$/.test(file) && code.includes('dangerouslySetInnerHTML')) {
        this.error(`${file} uses dangerouslySetInnerHTML, which Resemble's Preact does not support (scripts/vite-preact-no-inner-html.ts)`);
      }
      return undefined;
    },
  };
}
