// Server-rendered pages load their scripts after the first paint (issue 26, decision 0039): the HTML
// and its stylesheets paint alone, then the bundle is fetched and hydrates. The build's <script
// type="module"> and <link rel="modulepreload"> tags are taken out of such a page and listed in a
// JSON block, which one fixed inline script reads once the browser reports its first contentful
// paint. The Content-Security-Policy allows that one script by its hash (AFTER_PAINT_SCRIPT_HASH).
import { createHash } from 'node:crypto';
import { jsonForScript } from './tokens.ts';

/**
 * Starts the listed modules once the page has painted: on the first contentful paint where the
 * browser reports paints, else after the next frame; at the latest after 3 s (a page opened in a
 * background tab paints only when shown). Until React has taken over a button (hydrated it: React
 * keeps its props on the element, under a key starting with `__reactProps`), pressing it would do
 * nothing: the press is held back and replayed once React has (for 10 s at most; links work
 * without scripts, so they go on). Per button, because React hydrates a lazily loaded page after
 * the shell. Plain ES5, so that it runs wherever the HTML is read.
 */
const AFTER_PAINT_SCRIPT = `(function () {
  var plan = JSON.parse(document.getElementById('after-paint').textContent);
  var started = false;
  var held = [];
  function hydrated(button) {
    for (var key in button) if (key.indexOf('__reactProps') === 0) return true;
    return false;
  }
  function replay(button, tries) {
    if (!button.isConnected || tries > 200) {
      held.splice(held.indexOf(button), 1);
    } else if (hydrated(button)) {
      held.splice(held.indexOf(button), 1);
      button.click();
    } else {
      setTimeout(function () { replay(button, tries + 1); }, 50);
    }
  }
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button');
    if (!button || hydrated(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(button) < 0) {
      held.push(button);
      replay(button, 0);
    }
  }, true);
  function start() {
    if (started) return;
    started = true;
    plan.modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = plan.entry;
      document.head.appendChild(script);
    });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start); });
  }
  setTimeout(start, 3000);
})();`;

/** The CSP source that allows AFTER_PAINT_SCRIPT and nothing else inline. */
export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page with its entry script and module preloads moved behind the first paint. A page without
 * an entry script (no build) is returned as it is.
 */
export function scriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const plan = `<script type="application/json" id="after-paint">${jsonForScript({ entry, modules })}</script><script>${AFTER_PAINT_SCRIPT}</script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/body>/i, () => `${plan}</body>`);
}
