// The page of one game (`arbiter replay FILE --game ID --html`). Its links
// name steps as the report's do (#game/ID/step/N): the page opens at the
// step its link names and keeps the address on the step shown. The other
// seatings of the game's deal, when the file holds them, come in the data
// ("seatings") for the side-by-side view.
(() => {
  const data = embeddedJson("replay-data");
  const others = data.seatings || [];
  delete data.seatings;
  const byId = new Map(others.map((o) => [o.id, o]));
  const options = {
    step: stepOfHash(location.hash),
    onStep: (p) => history.replaceState(null, "", stepLink(data.id, p)),
    duplicates: others.map((o) => o.id),
    loadReplay: async (id) => byId.get(id),
  };
  window.viewer = new Viewer(document.getElementById("app"), data, options);
  // A link followed within the page (or an address edited by hand).
  window.addEventListener("hashchange", () => {
    const p = stepOfHash(location.hash);
    if (p !== null && p !== window.viewer.position) window.viewer.go(p);
  });
})();
