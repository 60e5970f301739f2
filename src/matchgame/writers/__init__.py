"""Answers written: contest text, JSON documents, the board drawing, judged records.

- :mod:`~matchgame.writers.placements`: the placement game's answers (JSOI2009,
  LOJ 6033, JSON, a drawing of the board);
- :mod:`~matchgame.writers.records`: a NOI2011 record's mistakes, a token-game
  record judged;
- :mod:`~matchgame.writers.positions`: a position as a document;
- :mod:`~matchgame.writers.graphfiles`: every vertex's verdict written into a graph
  file (GraphML, GML) or a CSV table;
- :mod:`~matchgame.writers.jsonstream`: JSON in pieces, arrays formatted by a kernel.

The formats of *inputs* (boards, edge lists, records) are read and written in
:mod:`matchgame.readers`.
"""
