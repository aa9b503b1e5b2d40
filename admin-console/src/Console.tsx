import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

/** The console with its router: the lazily loaded part of the bundle (main.tsx). */
export default function Console({ basename }: { basename: string }) {
  return (
    <BrowserRouter basename={basename}>
      <App />
    </BrowserRouter>
  );
}
