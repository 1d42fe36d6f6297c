import { render } from 'preact';
import '../../components/styles.css';
import './options.css';
import { App } from './app';
import { localizePage } from '../../page-support/page-language';
import { t } from '../../shared/i18n';

localizePage(t('options_title'));
render(<App />, document.getElementById('app')!);
