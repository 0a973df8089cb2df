// Runs before the page paints (loaded as a classic, blocking script in <head>, not as a module):
// puts the stored theme's class on the root element so a light-theme visitor never sees the dark
// default flash by. next-themes takes over once the app runs. A file of its own because the CSP
// allows no inline script; .mjs only so the linter reads it without a TypeScript project.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    if (theme !== 'light' && theme !== 'dark') return;
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(theme);
    root.style.colorScheme = theme;
  } catch {
    // Storage unavailable (private mode, blocked cookies): keep the dark default.
  }
})();
