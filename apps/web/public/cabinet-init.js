// Runs in the head of the prerendered cabinet shell (scripts/prerender.mjs), before it paints.
// The shell is for a customer: a visitor without a session goes to /login straight away, as the
// app's guard would send them (shared/login-redirect.ts, loginHrefForVisitor), instead of seeing a
// cabinet and then a redirect once the scripts have arrived. With `al` (an auto-login link) the
// app signs in first, so the shell stays. Only on the cabinet shell: not on the /login path.
(function () {
  // On a phone the sidebar waits off-screen for the burger, which works once the app has taken over
  // (and makes it inert meanwhile): until then its links must not take the keyboard focus.
  var phoneNav = document.createElement('style');
  phoneNav.textContent =
    '@media (max-width:47.99em){#root[data-prerendered] #cabinet-nav{visibility:hidden}}';
  document.head.appendChild(phoneNav);

  var signedIn;
  try {
    signedIn = !!localStorage.getItem('key');
  } catch {
    return; // Storage blocked: the app shows the error screen.
  }
  var search = location.search;
  var params = new URLSearchParams(search);
  if (signedIn || params.has('al')) return;

  var query;
  if (params.has('redirect')) {
    query = search === '?' ? '' : search.slice(1);
  } else {
    var rest = new URLSearchParams(search);
    rest.delete('msg');
    var carried = rest.toString();
    var next = new URLSearchParams();
    next.set('redirect', location.pathname + (carried ? '?' + carried : ''));
    if (params.get('msg')) next.set('msg', params.get('msg'));
    query = next.toString();
  }
  // Until /login arrives: no cabinet on screen, and no scripts of this page on the line
  // (theme-init.js would ask for them once the page has painted).
  var style = document.createElement('style');
  style.textContent = '#root{visibility:hidden}';
  document.head.appendChild(style);
  document.addEventListener('DOMContentLoaded', function () {
    var root = document.getElementById('root');
    if (root) root.removeAttribute('data-scripts');
  });
  location.replace('/login' + (query ? '?' + query : ''));
})();
