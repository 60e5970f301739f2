"""The games: one contract, a registry, and each game in its own folder.

- :mod:`~matchgame.games.contract`: :class:`Game`, what every game owns (what it is
  played on, its analysis, positions, records, certificates, sweeps, options,
  documents), and the registry that finds a game by name (:func:`game`,
  :func:`names`, :func:`register`);
- the common faces of every game's objects: :mod:`~matchgame.games.analyses`
  (``BaseAnalysis``), :mod:`~matchgame.games.positions` (``BasePosition``,
  ``Outcome``), :mod:`~matchgame.games.explanations` (``BaseExplanation``),
  :mod:`~matchgame.games.tokens` (records and their annotation),
  :mod:`~matchgame.games.proofs` (what certificate checkers share);
- the games: :mod:`~matchgame.games.vertex` (vertex geography, by maximum
  matchings), :mod:`~matchgame.games.edge` (edge geography, by GF(2) algebra),
  :mod:`~matchgame.games.directed` (directed vertex geography, by retrograde
  analysis);
- :mod:`~matchgame.games.noi`: NOI2011's Bunny and Egg records, a source of the vertex game on
  the blank's walk.

Value objects that know nothing of text formats above the readers, pictures or
files (their pictures are in :mod:`matchgame.draw`).

>>> from matchgame import games
>>> games.names()[:2]
('vertex', 'edge')
>>> games.game("edge").title
'edge geography'
"""

from .contract import (
    Game,
    GameOption,
    all_games,
    document_game,
    find_game,
    game,
    names,
    register,
    unregister,
)

__all__ = [
    "Game",
    "GameOption",
    "all_games",
    "document_game",
    "find_game",
    "game",
    "names",
    "register",
    "unregister",
]
