// The lobby's live part (templates/web/lobby_live.html): the server sends it again on
// its event stream after every change — who came, a game begun or ended, a seek made
// or taken. The part is the server's own escaped HTML. A filter changed asks the
// server for a stream of that filter (the page also works without this script: the
// filter's form reloads it).
(() => {
  const box = document.getElementById("lobby-live");
  if (!box || !window.EventSource) return;
  let source = null;
  function listen(query) {
    if (source) source.close();
    source = new EventSource(`/lobby/zdarzenia?${query}`);
    source.addEventListener("lobby", (e) => {
      // keep a name being typed into a seek's form: no swap while one has the focus
      if (box.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;
      box.innerHTML = e.data;
      // the part is the same for every page: this page's form token and name go in
      const token = document.querySelector("form.lobby input[name=csrf]");
      for (const input of box.querySelectorAll("input[name=csrf]")) input.value = token ? token.value : "";
      for (const input of box.querySelectorAll("input[name=name]")) input.value = box.dataset.account || "";
    });
  }
  listen(box.dataset.events.split("?")[1] || "");
  const form = document.getElementById("lobby-filter");
  if (form) {
    form.addEventListener("change", () => {
      const query = new URLSearchParams(new FormData(form)).toString();
      history.replaceState(null, "", `/?${query}`);
      listen(query);
    });
  }
})();
