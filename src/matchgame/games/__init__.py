"""The games, on top of the core: who wins where, positions, records.

Value objects that know nothing of text, pictures or files (their text formats
are in :mod:`matchgame.readers`, their pictures in :mod:`matchgame.draw`):

- :mod:`~matchgame.games.vertex.analysis`: :class:`Analysis`, the placement game on a
  board or any graph (JSOI2009, LOJ 6033);
- :mod:`~matchgame.games.vertex.position`: :class:`Position`, the game move by move;
- :mod:`~matchgame.games.vertex.engines`: the maximum matching kept up to date under the
  walk's deletions, and :func:`analyse_walk`;
- :mod:`~matchgame.games.tokens`: token-game records and their judging;
- :mod:`~matchgame.games.bunny`: NOI2011 Bunny-and-Egg records and their mistakes.
"""
