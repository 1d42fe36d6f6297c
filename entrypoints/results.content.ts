import { defineContentScript } from 'wxt/utils/define-content-script';

// Reads organic results on search engines' results pages (issue #4 gives it the engine table and
// the extractor). Until then it only marks that Resemble is present on the page.
export default defineContentScript({
  matches: ['https://www.google.com/search*', 'https://www.bing.com/search*', 'https://duckduckgo.com/*', 'https://html.duckduckgo.com/*'],
  runAt: 'document_idle',
  main() {
    document.documentElement.dataset.resembleReady = 'true';
  },
});
