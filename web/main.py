"""Entry point of the page: start the app once Python and the engine are loaded."""

from pyscript import window

window.performance.mark("railtable:python-started")

from railtable_web.app import start  # noqa: E402

window.performance.mark("railtable:imported")
start()
window.performance.mark("railtable:ready")
