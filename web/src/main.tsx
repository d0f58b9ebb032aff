import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, createQueryClient } from './app/app';
import { PAGE_DATA_ID } from './lib/first-paint-requests';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page rendered on the server carries the answers it was rendered with: the app starts from
// them, so its first render shows what is already on the screen, not a loading state (the
// catalogue's lists are then refreshed in the background, as on any screen that opens).
const queryClient = createQueryClient();
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) {
  for (const [key, data] of JSON.parse(pageData) as [unknown[], unknown][]) {
    queryClient.setQueryData(key, data);
  }
}

const root = createRoot(container, {
  // A render error inside a transition (a navigation) makes React render once more at once and
  // report the first attempt as recovered; what stays an error reaches the error boundary, which
  // logs it. The first attempt is only worth a warning, never an uncaught error of the page.
  onRecoverableError: (error) => console.warn('React rendered again after an error', error),
});
// The first screen renders in a transition: React renders it in slices and lets the browser in
// between them, not in one long task that a slow phone waits out (decision 017: Lighthouse's total
// blocking time halved). The server's markup stays on the screen until this render replaces it.
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} Router={BrowserRouter} />
    </StrictMode>,
  ),
);
