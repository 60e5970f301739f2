"""The ground floor: graphs, their vertex names, boards, matchings.

Pure data and mathematics on top of the compiled kernels (``matchgame._kernels``)
and the errors; nothing here knows of games, text formats, pictures or files.

- :mod:`~matchgame.core.graph`: :class:`Graph`, an undirected simple graph in CSR
  form, built from edges, NetworkX or SciPy;
- :mod:`~matchgame.core.names`: how vertices are named (ids, labels, board cells)
  and their 1-based text form, converted in one place;
- :mod:`~matchgame.core.moves`: how the token moves on a board (orthogonal, king,
  hex, knight);
- :mod:`~matchgame.core.board`: :class:`Board`, free and blocked cells, and its graph;
- :mod:`~matchgame.core.matching`: maximum matchings and the Gallai-Edmonds
  decomposition (who wins where).
"""
