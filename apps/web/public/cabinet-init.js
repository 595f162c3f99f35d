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
  // PRELOAD-START
  // A customer's screen would ask for its data only once its code has arrived and run — on a slow
  // line seconds after this page painted. The first requests this address makes are sent from here
  // instead, as the app's API client sends them (shared/api/client.ts), and the same request from the
  // app gets the answer, once, within 30 s: nothing of this is in the app's own script, whose bytes
  // the /login budget counts. ADR 029. Kept in step with the app by cabinet-init.test.ts.
  if (signedIn && !params.has('al') && typeof fetch === 'function') {
    var token = localStorage.getItem('key');
    var urls = ['/api/client/profile/'];
    var home = /^\/home\/(active|archive|done)\/?$/.exec(location.pathname);
    var order = /^\/order\/(\d+)(?:\/([a-z-]+))?\/?$/.exec(location.pathname);
    var page = params.get('page');
    if (home && (page === null || /^[1-9]\d{0,8}$/.test(page)))
      urls.push('/api/client/orders/?tab=' + home[1] + '&page=' + (page || '1') + '&page_size=20');
    // The banners above the orders list: the largest text of the screen.
    if (home) urls.push('/client/api/main/banners/');
    // Every address under /order/{id} loads the order first (its route guard).
    if (order) urls.push('/api/client/orders/' + order[1] + '/');
    if (order && order[2] === 'chat') urls.push('/api/client/orders/' + order[1] + '/messages/');
    var send = fetch;
    var answers = {};
    urls.forEach(function (url) {
      answers[url] = send(url, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
        credentials: 'include',
      });
      // Not taken (the app went elsewhere): no unhandled rejection either.
      answers[url].catch(function () {});
    });
    // A plain GET of one of these with the same token takes the answer; a failed one is sent again.
    window.fetch = function (input, init) {
      var answer = typeof input === 'string' && answers[input];
      var headers = (init && init.headers) || {};
      if (!answer || !init || init.body || (init.method || 'GET') !== 'GET')
        return send.apply(this, arguments);
      if (headers.Authorization !== 'Bearer ' + token || Object.keys(headers).length !== 2)
        return send.apply(this, arguments);
      delete answers[input];
      return answer.catch(function () {
        return send(input, init);
      });
    };
    // Not taken by then, an answer is too old to show: the app asks again.
    setTimeout(function () {
      answers = {};
    }, 30000);
  }
  // PRELOAD-END
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
