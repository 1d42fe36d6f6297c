import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createHandlers } from './background/handlers';
import { listen } from './background/router';
import { createSketchService } from './background/sketch-service';
import { forgetTab } from './background/tab-state';
import { installTestHook } from './background/test-hook';

// Thin on purpose: everything it needs later lives in storage, IndexedDB or the offscreen document,
// so a service worker stopped mid-work starts again from here with nothing lost.
export default defineBackground({
  type: 'module',
  main() {
    const service = createSketchService();
    listen(createHandlers(service));
    browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
    installTestHook(service);
  },
});
