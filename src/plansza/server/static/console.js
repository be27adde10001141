// The referee's console: a ranking-list match fills the registration form.
document.addEventListener("click", function (ev) {
  var hit = ev.target.closest ? ev.target.closest("button.list-hit") : null;
  if (!hit) return;
  var form = document.getElementById("register");
  ["name", "ranking", "games", "club", "city"].forEach(function (key) {
    var field = form.elements[key];
    if (field) field.value = hit.dataset[key] || "";
  });
  document.getElementById("list-hits").textContent = "";
});
