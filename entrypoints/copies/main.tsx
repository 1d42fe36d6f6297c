import { render } from 'preact';
import '../../components/styles.css';
import '../lost/lost.css';
import { App } from './app';

render(<App search={location.search} />, document.getElementById('app')!);
