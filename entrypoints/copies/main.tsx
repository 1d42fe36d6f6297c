import { render } from 'preact';
import '../../components/styles.css';
import '../lost/lost.css';
import { App } from './app';
import { localizePage } from '../../page-support/page-language';
import { t } from '../../shared/i18n';

localizePage(t('copies_title'));
render(<App search={location.search} />, document.getElementById('app')!);
