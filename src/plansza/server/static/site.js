// What every page of the web app shares, kept out of the pages themselves (the
// Content-Security-Policy runs no inline script): a form with ``data-confirm`` asks
// before it is sent.
"use strict";
document.addEventListener("submit", (e) => {
  const form = e.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    e.preventDefault();
  }
}, true);
