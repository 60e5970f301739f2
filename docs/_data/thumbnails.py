"""Run (``%run``) by the gallery's pages: ``thumbnail(key, picture)`` keeps a picture
for the gallery's front page, which pastes it with ``{glue} key`` (inline SVG in HTML:
what myst-nb pastes from another page)."""

from IPython.display import HTML
from myst_nb import glue


def thumbnail(key, picture):
    """Glue ``picture`` (an object with ``_repr_svg_``, or IPython's SVG) under ``key``."""
    svg = picture._repr_svg_() if hasattr(picture, "_repr_svg_") else picture.data
    svg = svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg
    glue(key, HTML(f'<div class="gallery-thumbnail">{svg}</div>'), display=False)
