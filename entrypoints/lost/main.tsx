import { render } from 'preact';
import '../../components/styles.css';
import './lost.css';
import { App } from './app';
import { localizePage } from '../../page-support/page-language';
import { t } from '../../shared/i18n';
import { lostQuery } from '../../words/lost';
import { parseLostRun } from '../../shared/private-lost';
import { PrivateEnded, watchPrivateRun } from './private-run';

localizePage(t('lost_title'));
const root = document.getElementById('app')!;
// lost.html?url=… (a regular window) or lost.html?run=<id> (asked from a private window, issue #28).
const run = parseLostRun(location.search);
if (run === undefined) render(<App search={location.search} />, root);
else void watchPrivateRun(run, (url) => render(url ? <App search={lostQuery(url)} /> : <PrivateEnded />, root)).catch(() => render(<PrivateEnded />, root));
