import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { languageReady } from './lib/i18n';
import { watchScrollableRegions } from './lib/scrollable-regions';

const root = document.getElementById('root');
// A Chinese visit fetches its catalogue first (lib/i18n.ts), so the first render is already in Chinese.
if (root) {
  watchScrollableRegions();
  void languageReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
