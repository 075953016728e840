// The page's own script, run at the end of index.html's body (a file, not inline, so that
// the Content-Security-Policy can refuse every inline script: see README).
// The shell's words in the page's language until Python renders the table: the same
// choice as app.py makes (?lang=, else the saved game's setting, else the browser's
// languages, else English). Elements with data-de carry their German text (written from
// bummerl_web.i18n by tools/sync_site.py, like the English text: data-i18n names the key).
(() => {
  const known = (lang) => (lang === "de" || lang === "en") ? lang : null;
  const query = new URLSearchParams(location.search);
  let lang = known(query.get("lang"));
  if (!lang && !["1", "true", ""].includes(query.get("embed"))) {
    try { lang = known(JSON.parse(localStorage.getItem("bummerl")).settings.lang); } catch (e) {}
  }
  for (const tag of lang ? [] : (navigator.languages || [navigator.language])) {
    lang = known(String(tag).toLowerCase().split("-")[0]);
    if (lang) break;
  }
  if (lang === "de") {
    document.documentElement.lang = "de";
    for (const el of document.querySelectorAll("[data-de]")) el.textContent = el.dataset.de;
  }
})();
// ?embed=1: no site chrome from the first paint on (app.py sets the same class).
if (["1", "true", ""].includes(new URLSearchParams(location.search).get("embed"))) {
  document.body.classList.add("embed");
}
// A return visit (the service worker controls the page) restores the interpreter from the
// memory snapshot saved on an earlier visit: start reading it now, while PyScript starts
// (assets/js/interpreter.mjs).
if (navigator.serviceWorker?.controller) {
  import("./interpreter.mjs").then((m) => m.prepareRestore()).catch(() => {});
}
// Once the table is ready (body[data-ready="1"]; resolved at once if it already is).
const tableReady = new Promise((done) => {
  const check = () => {
    if (document.body.dataset.ready !== "1") return;
    observer.disconnect();
    done();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  check();
});
// Offline after one visit: sw.js precaches the site (cache versioned per release, see
// README). Relative, so that it also works under a GitHub Pages sub-path; registered once
// the table is ready, so that its downloads (the whole site) never compete with the first
// boot. Where a browser refuses (blocked storage, sandboxed frames, tests that block
// workers) the game plays on.
if ("serviceWorker" in navigator) {
  tableReady.then(() => {
    navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).catch(() => {});
  });
}
// Once the table is ready on a site run by the service worker (installed: there will be a
// next visit), make the memory snapshot that later visits start from (interpreter.mjs), in
// a worker, off the page's thread; not when this visit was restored from one. The page
// stores it (WebKit's pages did not see what a worker had put in Cache Storage). Sets
// <body data-snapshot> to "saved" or "failed" when done (tools and tests wait for it).
// Not before the service worker controls the page: it claims the page only after its
// activation has deleted an old release's caches, the snapshot's among them (`ready`
// comes before that, so a snapshot made then could be deleted by it).
if ("serviceWorker" in navigator && "Worker" in window) {
  const controlled = new Promise((done) => {
    if (navigator.serviceWorker.controller) done();
    else navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
  });
  Promise.all([tableReady, controlled]).then(() => {
    if (document.body.dataset.boot === "snapshot") return;
    const worker = new Worker("./assets/js/snapshot-worker.mjs", { type: "module" });
    // what this page ran as source, for the worker to compile ahead (null: nothing)
    import("./interpreter.mjs").then((m) => worker.postMessage(m.ranAhead()))
      .catch(() => worker.postMessage(null));
    // Leaving the page stops it first: Firefox logs the loads of a worker cut off by the
    // navigation as failed interceptions; the next visit makes the snapshot instead.
    window.addEventListener("pagehide", () => worker.terminate(), { once: true });
    worker.onmessage = async (event) => {
      worker.terminate();
      let saved = false;
      if (event.data.snapshot) {
        const { keepSnapshot } = await import("./interpreter.mjs");
        saved = await keepSnapshot(event.data.key, event.data.snapshot);
      }
      document.body.dataset.snapshot = saved ? "saved" : "failed";
    };
  });
}
