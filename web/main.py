"""Entry point of the page: start the app once Python and the engine are loaded."""

from railtable_web.app import start

start()
