// Applies the stored theme before the first paint (kept out of index.html for the CSP).
(function () {
  try {
    var t = localStorage.getItem('app_theme');
    document.documentElement.setAttribute('data-mantine-color-scheme', t === 'dark' ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
