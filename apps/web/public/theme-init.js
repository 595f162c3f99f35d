// Applies the stored theme before the first paint (kept out of index.html for the CSP).
(function () {
  try {
    var t = localStorage.getItem('app_theme');
    document.documentElement.setAttribute('data-mantine-color-scheme', t === 'dark' ? 'dark' : 'light');
    // The web font once this browser has fetched it (shared/web-fonts.ts).
    if (localStorage.getItem('app_fonts')) document.documentElement.setAttribute('data-fonts', '');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();

// On a prerendered screen the theme toggle works before the app has taken the screen over
// (afterwards the app handles it, and reads the same stored choice when it starts).
document.addEventListener('click', function (event) {
  var root = document.getElementById('root');
  if (!root || !root.hasAttribute('data-prerendered')) return;
  var toggle = event.target instanceof Element && event.target.closest('[data-color-scheme-toggle]');
  if (!toggle) return;
  var html = document.documentElement;
  var next = html.getAttribute('data-mantine-color-scheme') === 'dark' ? 'light' : 'dark';
  html.setAttribute('data-mantine-color-scheme', next);
  try {
    localStorage.setItem('app_theme', next);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
});

// A prerendered screen (scripts/prerender.mjs) paints from its HTML and stylesheet alone: its
// scripts (and their chunks' stylesheets), listed in #root's data-scripts, are asked for once the
// document is parsed — after its stylesheet has arrived, so that they do not compete with it for a
// slow line, and without waiting for the paint (on the slow line of bench/slow-line.ts that wait
// left the line idle for a round trip: the first orders came 0.35 s later, the first paint no sooner).
document.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('root');
  var list = root && root.getAttribute('data-scripts');
  if (!list) return;
  // One insertion for all of them: each change to <head> costs a style pass.
  var fragment = document.createDocumentFragment();
  list.split(' ').forEach(function (item) {
    var kind = item.slice(0, item.indexOf(':'));
    var url = item.slice(kind.length + 1);
    var el;
    if (kind === 'module') {
      el = document.createElement('script');
      el.type = 'module';
      el.src = url;
    } else if (kind === 'style') {
      // A chunk's stylesheet: the app's loader finds it in place and does not ask again.
      el = document.createElement('link');
      el.rel = 'stylesheet';
      el.href = url;
    } else {
      el = document.createElement('link');
      el.rel = 'modulepreload';
      el.href = url;
    }
    el.crossOrigin = '';
    fragment.appendChild(el);
  });
  document.head.appendChild(fragment);
});
