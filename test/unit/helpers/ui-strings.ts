/**
 * Finds words the user reads that do not go through shared/i18n (docs/i18n.md), with the
 * TypeScript compiler's parser:
 * - in .tsx: JSX text with letters; string literals and templates with letters in the attributes that
 *   are read or spoken (TEXT_ATTRIBUTES) and as children ({busy ? 'Saving…' : 'Save'});
 * - in the content script (entrypoints/results*): string literals assigned to textContent, title,
 *   ariaLabel, innerText, and passed to setAttribute('aria-label' | 'title' | 'aria-description');
 * - in the background: `title` / `message` properties with literal text (context menus, the toolbar
 *   button's title, notifications).
 * - in the UI's plain .ts (page-support/, popup, options, lost and found): literals that read as a
 *   sentence (a capital, three words or more, a closing . … ? or :), the words helpers return; in
 *   .tsx too (an error a component sets).
 * - in every kind: object-literal properties that hold shown text (OBJECT_TEXT_PROPERTIES).
 * A template literal counts when its fixed parts have letters: `#${rank}` is fine, `Hide ${what}` is not.
 */
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** JSX attributes whose values people read or hear. `intro` and `hint` are this project's text props. */
export const TEXT_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'intro',
  'hint',
  'unit',
  'legend',
]);
const DOM_TEXT_PROPERTIES = new Set(['textContent', 'innerText', 'title', 'ariaLabel', 'ariaDescription', 'placeholder']);
const DOM_TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'aria-description', 'placeholder', 'alt']);
const BACKGROUND_TEXT_PROPERTIES = new Set(['title', 'message', 'contextMessage']);
/**
 * Object-literal properties that hold what a widget shows ({ label: 'Not a copy' }, { error: '…' }):
 * found in every kind of UI file when the text reads as words (a space or a capital), so an id such
 * as { label: 'collapse' } is not taken for one.
 */
export const OBJECT_TEXT_PROPERTIES = new Set([
  'label',
  'title',
  'text',
  'message',
  'hint',
  'description',
  'detail',
  'error',
  'note',
  'tooltip',
  'caption',
  'summary',
  'heading',
  'intro',
  'placeholder',
  'ariaLabel',
  'aria',
  'reason',
  'problem',
  'words',
]);
const WORDS = /\s|^\p{Lu}/u;

const LETTER = /\p{L}/u;

/** The fixed text of a literal, or undefined when `node` is not a literal with fixed text. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
  return undefined;
}

/** The literals an expression may evaluate to: through ?:, &&, ||, ?? and parentheses. */
function outcomes(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node)) return outcomes(node.expression);
  if (ts.isConditionalExpression(node)) return [...outcomes(node.whenTrue), ...outcomes(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
  )
    return [...(node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [] : outcomes(node.left)), ...outcomes(node.right)];
  return [node];
}

export type Kind = 'jsx' | 'content-script' | 'background' | 'words';

const SENTENCE = /^\p{Lu}\S*( \S+){2,}[.…?:]$/u;

export function findUntranslated(file: string, source: string, kind: Kind, allowed: (text: string) => boolean): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(t) || allowed(t)) return;
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: t });
  };
  const reportLiterals = (e: ts.Expression) => {
    for (const o of outcomes(e)) {
      const text = literalText(o);
      if (text !== undefined) report(o, text);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) reportLiterals(node.expression);
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) reportLiterals(node.initializer.expression);
    } else if (kind === 'content-script' && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      if (ts.isPropertyAccessExpression(node.left) && DOM_TEXT_PROPERTIES.has(node.left.name.text)) reportLiterals(node.right);
    } else if (
      kind === 'content-script' &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'setAttribute'
    ) {
      const [name, value] = node.arguments;
      if (name && value && ts.isStringLiteral(name) && DOM_TEXT_ATTRIBUTES.has(name.text)) reportLiterals(value);
    } else if (kind === 'background' && ts.isPropertyAssignment(node) && BACKGROUND_TEXT_PROPERTIES.has(node.name.getText(sf))) {
      reportLiterals(node.initializer);
    }
    if (ts.isPropertyAssignment(node) && OBJECT_TEXT_PROPERTIES.has(node.name.getText(sf).replace(/^['"]|['"]$/g, ''))) {
      for (const o of outcomes(node.initializer)) {
        const text = literalText(o);
        if (text !== undefined && WORDS.test(text.trim())) report(o, text);
      }
    }
    if ((kind === 'words' || kind === 'jsx') && node.parent && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const text = literalText(node);
      if (text !== undefined && SENTENCE.test(text.replace(/\s+/g, ' ').trim())) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(`${f.line}:${f.text}`) && seen.add(`${f.line}:${f.text}`));
}
