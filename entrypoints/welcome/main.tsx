import { render } from 'preact';
import '../../components/styles.css';
import './welcome.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
