"""A local web app over the public API: ``matchgame serve`` (needs the ``web`` extra).

The JSON API returns exactly the documents of the command line
(``placements --format json``, ``mistakes --format json``, ``annotate --format
json``); bad input is HTTP 400 with the command line's one-line message, a body
over the size limit HTTP 413.
"""

from .app import create_app

__all__ = ["create_app"]
