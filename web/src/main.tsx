import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container, {
  // A render error inside a transition (a navigation) makes React render once more at once and
  // report the first attempt as recovered; what stays an error reaches the error boundary, which
  // logs it. The first attempt is only worth a warning, never an uncaught error of the page.
  onRecoverableError: (error) => console.warn('React rendered again after an error', error),
});
// The first screen renders in a transition: React renders it in slices and lets the browser in
// between them, not in one long task that a slow phone waits out (decision 017: Lighthouse's total
// blocking time halved).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
