import { render } from 'preact';
import '../../components/styles.css';
import './popup.css';
import { App } from './app';
import { localizePage } from '../../page-support/page-language';
import { markPopupWindow } from './popup-window';

markPopupWindow();
localizePage();
render(<App />, document.getElementById('app')!);
