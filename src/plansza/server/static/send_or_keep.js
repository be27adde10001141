// Sending a phone's form when the hall's network may fail: the entry is posted in the
// background; when the server does not answer it is kept on the phone (localStorage)
// and sent again every few seconds until the server answers — also after the page is
// reloaded. What the player sees meanwhile is the form's ``data-kept`` text, in the
// page's language. The server's answer (accepted or refused) is then the page's.
"use strict";
(function () {
  var RETRY_MS = 3000;

  // ``form.action`` is not used: a field named "action" (the table page's forms have
  // one) would stand in its place
  function target(form) { return form.getAttribute("action") || window.location.pathname; }

  // one kept entry per form: the table page's entry and its confirmation share a path
  function key(form) {
    var field = form.querySelector("input[name=action]");
    return "plansza-kept:" + target(form) + "#" + (field ? field.value : "");
  }

  function note(form, text) {
    var el = form.querySelector(".kept-note");
    if (!el) {
      el = document.createElement("p");
      el.className = "kept-note notice";
      el.setAttribute("role", "status");
      form.insertBefore(el, form.firstChild);
    }
    el.textContent = text || "";
    el.hidden = !text;
  }

  function attempt(form, body, answered) {
    fetch(target(form), {
      method: "POST",
      body: body,
      credentials: "same-origin",
      // the page's part is enough where the server can answer with it alone
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Plansza-Part": "1" },
    })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        window.localStorage.removeItem(key(form));
        note(form, "");
        answered(html);
      })
      .catch(function () {
        // the server is away: kept here, sent again when it is back
        window.localStorage.setItem(key(form), body);
        note(form, form.getAttribute("data-kept"));
        window.setTimeout(function () { attempt(form, body, answered); }, RETRY_MS);
      });
  }

  // Send ``form`` now; ``answered(html)`` gets the server's page once it answers.
  window.planszaSend = function (form, answered) {
    attempt(form, new URLSearchParams(new FormData(form)).toString(), answered);
  };

  // An entry kept by an earlier visit of the page (reloaded while the server was
  // away) is sent again.
  window.planszaResend = function (form, answered) {
    var body = window.localStorage.getItem(key(form));
    if (!body) return;
    note(form, form.getAttribute("data-kept"));
    attempt(form, body, answered);
  };
})();
