"""The page layer: binds the pure-Python engine to the DOM and SVG.

Modules without DOM access (``store``, ``session``, ``*_svg``) run and are
tested on CPython; ``app`` and ``dom`` need the browser (PyScript).
"""
