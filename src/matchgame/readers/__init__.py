"""Inputs read (and written back): every text format, the text layer they share, and
one function that tells what an input is.

- :mod:`~matchgame.readers.boards`, :mod:`~matchgame.readers.edgelists`,
  :mod:`~matchgame.readers.noi`, :mod:`~matchgame.readers.tokens`: one format
  each, its reader (``parse_...``) and its writer (``format_...``);
- :mod:`~matchgame.readers.graphs`: graphs in standard formats, one module each
  (:mod:`~matchgame.readers.matrixmarket`, :mod:`~matchgame.readers.metis`,
  :mod:`~matchgame.readers.dimacs`, :mod:`~matchgame.readers.snap`,
  :mod:`~matchgame.readers.networkx_formats`), chosen by name or guessed;
- :mod:`~matchgame.readers.documents`: JSON answers read back (certificates);
- :mod:`~matchgame.readers.inputs`: what is this input (the command line and the
  web app ask here), read from a file or a stream with memory bounded by the input;
- :mod:`~matchgame.core._text` and :mod:`~matchgame.readers._memory`: what every
  format shares (encodings, lines, integers, limits) and the memory check.
"""
