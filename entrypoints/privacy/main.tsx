import { render } from 'preact';
import '../../components/styles.css';
import './privacy.css';
// The policy itself, bundled as a string at build time: the page shows the repository's PRIVACY.md.
import policy from '../../PRIVACY.md?raw';
import { type Inline, parseMarkdown } from '../../page-support/markdown';

/** One run of text; links open outside the extension. Everything is set as text. */
function Run({ r }: { r: Inline }) {
  if (r.kind === 'strong') return <strong>{r.text}</strong>;
  if (r.kind === 'code') return <code>{r.text}</code>;
  if (r.kind === 'link')
    return (
      <a href={r.href} target="_blank" rel="noopener noreferrer">
        {r.text}
      </a>
    );
  return <>{r.text}</>;
}

const Runs = ({ runs }: { runs: Inline[] }) => (
  <>
    {runs.map((r, i) => (
      <Run key={i} r={r} />
    ))}
  </>
);

/** The privacy page (linked from the options): PRIVACY.md, shipped in the package. */
function App() {
  return (
    <main class="privacy">
      {parseMarkdown(policy).map((b, i) => {
        if (b.kind === 'ul')
          return (
            <ul key={i}>
              {b.items.map((it, j) => (
                <li key={j}>
                  <Runs runs={it} />
                </li>
              ))}
            </ul>
          );
        const Tag = b.kind;
        return (
          <Tag key={i}>
            <Runs runs={b.content} />
          </Tag>
        );
      })}
    </main>
  );
}

render(<App />, document.getElementById('app')!);
