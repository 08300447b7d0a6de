import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { languageReady } from './lib/i18n';

const root = document.getElementById('root');
// A Chinese visit fetches its catalogue first (lib/i18n.ts), so the first render is already in Chinese.
if (root) {
  void languageReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
