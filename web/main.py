"""Entry point of the page (placeholder until the UI lands)."""

from pyscript import document

document.documentElement.dataset.engine = "ready"
document.getElementById("engine-status").textContent = "Ready"
