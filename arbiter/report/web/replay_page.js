// The page of one game (`arbiter replay FILE --game ID --html`).
window.viewer = new Viewer(document.getElementById("app"), embeddedJson("replay-data"), {});
