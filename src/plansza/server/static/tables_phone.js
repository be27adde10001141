// A table's page on a player's phone (/s/CODE): the entry and the confirmation are
// sent without leaving the page (send_or_keep.js): kept on the phone while the server
// is away and sent when it is back; the server's answer replaces the page's part.
"use strict";
(function () {
  function bind() {
    var part = document.querySelector(".tablepage");
    if (!part) return;
    var forms = part.querySelectorAll("form[data-kept]");
    for (var i = 0; i < forms.length; i++) {
      (function (form) {
        form.addEventListener("submit", function (e) {
          e.preventDefault();
          window.planszaSend(form, show);
        });
        window.planszaResend(form, show);
      })(forms[i]);
    }
  }
  function show(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector(".tablepage");
    var part = document.querySelector(".tablepage");
    if (fresh && part) {
      part.innerHTML = fresh.innerHTML;
      bind();
    }
  }
  bind();
})();
