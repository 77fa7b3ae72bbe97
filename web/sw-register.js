/* Registers the service worker (dist/sw.js, made by tools/build.py) so the site plays offline.
 *
 * It waits until the engine is ready (html[data-engine="ready"]) or 15 s after the page load,
 * whichever comes first, so precaching never slows down the first boot of Pyodide.
 * When a service worker controls the page, html[data-offline="ready"] is set.
 * Include with: <script src="web/sw-register.js" defer></script>
 */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = document.documentElement;
  const swURL = new URL("../sw.js", document.currentScript ? document.currentScript.src : location.href);
  let started = false;

  function markControlled() {
    if (navigator.serviceWorker.controller) root.dataset.offline = "ready";
  }

  function register() {
    if (started) return;
    started = true;
    navigator.serviceWorker
      .register(swURL.href, { scope: new URL("./", swURL).href })
      .then(() => navigator.serviceWorker.ready)
      .then(markControlled)
      .catch((error) => console.warn("Railtable: offline mode unavailable:", error));
  }

  navigator.serviceWorker.addEventListener("controllerchange", markControlled);
  markControlled();

  if (root.dataset.engine === "ready") {
    register();
  } else {
    new MutationObserver((_, observer) => {
      if (root.dataset.engine === "ready") {
        observer.disconnect();
        register();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-engine"] });
    window.addEventListener("load", () => setTimeout(register, 15000));
  }
})();
