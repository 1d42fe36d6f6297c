import { render } from 'preact';
import '../../components/styles.css';
import './options.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
