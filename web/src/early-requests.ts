// Runs inline in index.html, before the app's script has arrived: it asks at once for the data the
// page will need (rel=preload), so that data travels beside the script instead of after it. The
// app's own fetch of the same address takes the preloaded answer.
import { firstPaintRequests } from './lib/first-paint-requests';

try {
  for (const path of firstPaintRequests(location.pathname, localStorage)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    // The app's fetch is same-origin with credentials; the preload must ask the same way to match.
    link.crossOrigin = 'anonymous';
    link.href = path;
    document.head.append(link);
  }
} catch {
  // Storage is blocked: the app asks for everything itself.
}
