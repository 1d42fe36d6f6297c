import { render } from 'preact';
import '../../components/styles.css';
import './welcome.css';
import { App } from './app';
import { localizePage } from '../../page-support/page-language';
import { t } from '../../shared/i18n';

localizePage(t('welcome_tab'));
render(<App />, document.getElementById('app')!);
