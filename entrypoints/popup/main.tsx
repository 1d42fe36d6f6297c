import { render } from 'preact';

render(<p>Resemble</p>, document.getElementById('app')!);
